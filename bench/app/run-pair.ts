// Two app instances on one PostgreSQL behind a loopback round-robin balancer (bench/lib/balancer.ts),
// started together on an empty database: the checks (migrations applied once, first-start setup
// once, the same upload sent to both instances at once imported once) and the case page and
// save benchmarks through the balancer (saves: the database check that nothing was lost).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { z } from "zod";
import { DEFAULT_RUBRIC } from "../../lib/audits/rubric";
import { generateEhrBundle } from "../../lib/synth/ehr/generate";
import { startBalancer, type Balancer } from "../lib/balancer";
import { parseLastJsonLine } from "../lib/child-json";
import { request } from "../lib/http";
import { runTracked } from "../lib/processes";
import { failedRow, type BenchRow } from "../lib/table";
import { benchCasePage } from "./case-page";
import { sampleConnections } from "./pg-connections";
import { log, type AppContext } from "./context";
import type { AppSettings } from "./run-app";
import { benchSaves } from "./saves";
import { startApp, type AppServer } from "./server";
import { signIn, signInAll } from "./sign-in";
import { serveFiles } from "./statics";
import { TARGET, type World } from "./world";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN = { email: "boot-admin@bench.clinaudit", password: "bench-pair-admin-2026" };

/** The PostgreSQL server the pair runs on: BENCH_POSTGRES_URL, else TEST_POSTGRES_URL (a URL whose user may create databases). */
export function benchPostgresUrl(): string | undefined {
  return process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
}

/** Runs `f` on a client connected to `url`, closed afterwards. */
export async function admin<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await f(client);
  } finally {
    await client.end();
  }
}

/** Migrations applied once, one admin, one pg-boss schema: what two instances starting together must leave. */
async function startupChecks(url: string, servers: AppServer[], firstLogs: string[]): Promise<BenchRow> {
  const folders = fs
    .readdirSync(path.join(ROOT, "prisma/postgres/migrations"), { withFileTypes: true })
    .filter((d) => d.isDirectory()).length;
  const { rows, admins } = await admin(url, async (c) => ({
    rows: (await c.query(`SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1`)).rows as { n: number }[],
    admins: Number((await c.query(`SELECT count(*) AS n FROM "User" WHERE role = 'ADMIN'`)).rows[0].n),
  }));
  const applied = servers.map((s, k) => Number(/migrations: (\d+) applied/.exec(firstLogs[k] ?? s.logTail(400))?.[1] ?? Number.NaN));
  const duplicated = rows.filter((r) => r.n !== 1).length;
  const ok = rows.length === folders && duplicated === 0 && admins === 1 && applied[0]! + applied[1]! === folders;
  return {
    key: "pair.startup",
    benchmark: "2 instances started together on an empty PostgreSQL",
    measured: `${rows.length} migrations recorded (${duplicated} twice), applied ${applied.join(" + ")}; ${admins} admin`,
    baseline: `${folders} migrations`,
    ratio: null,
    target: "each migration once, setup once",
    met: ok,
    values: { migrations: folders, recorded: rows.length, duplicated, appliedByA: applied[0]!, appliedByB: applied[1]!, admins },
  };
}

/** The same small benchmark uploaded through the balancer twice at once (one request per instance): imported once. */
async function importOnce(base: string, url: string, dir: string): Promise<BenchRow> {
  const cookie = await signIn(base, ADMIN.email, ADMIN.password);
  const file = path.join(dir, "pair-upload.json");
  fs.writeFileSync(file, JSON.stringify(generateEhrBundle({ seed: "bench-pair", size: "demo", patients: 6 }).bundle));
  const send = async () => {
    const form = new FormData();
    form.append("name", "bench pair upload");
    form.append("files", new Blob([fs.readFileSync(file)]), "pair-upload.json");
    const res = await fetch(`${base}/api/datasets/import`, { method: "POST", body: form, headers: { cookie, origin: base } });
    return { status: res.status, body: (await res.json()) as { status?: string; datasetId?: string } };
  };
  const t0 = performance.now();
  const answers = await Promise.all([send(), send()]);
  const ms = performance.now() - t0;
  // Runs before the world is imported: the upload's is the only dataset.
  const datasets = await admin(url, async (c) => Number((await c.query(`SELECT count(*) AS n FROM "Dataset"`)).rows[0].n));
  const statuses = answers.map((a) => `${a.status} ${a.body.status}`);
  const sameDataset = answers[0]!.body.datasetId !== undefined && answers[0]!.body.datasetId === answers[1]!.body.datasetId;
  const jobs = await admin(url, async (c) =>
    Number((await c.query(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'dataset-import'`)).rows[0].n),
  );
  return {
    key: "pair.import-once",
    benchmark: "the same upload sent to both instances at once",
    measured: `${datasets} dataset; answers ${statuses.join(", ")}`,
    baseline: `${jobs} import jobs run by the workers`,
    ratio: null,
    target: "imported once, both answered with it",
    met: datasets === 1 && sameDataset && answers.every((a) => a.status === 200),
    values: { datasets, jobs, ms: Math.round(ms) },
  };
}

async function buildWorld(inputDir: string, dataDir: string, url: string, clinicians: number, perClinician: number): Promise<World> {
  const setup = path.join(ROOT, "bench/app/setup.ts");
  const args = [
    "--conditions=react-server",
    "--import",
    "tsx",
    setup,
    "--input",
    inputDir,
    "--data",
    dataDir,
    "--database",
    url,
    "--clinicians",
    String(clinicians),
    "--per-clinician",
    String(perClinician),
  ];
  const r = await runTracked(process.execPath, args, { cwd: ROOT, echo: "" });
  if (r.code !== 0) throw new Error(`bench/app/setup.ts failed (exit ${r.code}): ${r.stderr.trim().split("\n").slice(-3).join(" / ")}`);
  return parseLastJsonLine("bench/app/setup.ts", r.stdout, z.looseObject({ clinicians: z.array(z.unknown()) })) as unknown as World;
}

/**
 * Each instance's output (pino JSON lines) to bench/results/pair-server-<a|b>.log (git-ignored),
 * and its error lines counted on stderr: a failed save is diagnosed from what the server logged.
 */
function keepServerLogs(servers: AppServer[]): void {
  const dir = path.join(ROOT, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  servers.forEach((sv, k) => {
    const text = sv.logTail(2000);
    const file = path.join(dir, `pair-server-${"ab"[k]}.log`);
    fs.writeFileSync(file, `${text}\n`);
    const errors = text.split("\n").filter((l) => /"level":(50|60)/.test(l)).length;
    log(`instance ${"ab"[k]}: ${errors} error lines logged (${path.relative(ROOT, file)})`);
  });
}

const renamed = (rows: BenchRow[]) =>
  rows.map((r) => ({ ...r, key: `pair.${r.key}`, benchmark: `${r.benchmark} (2 instances, balancer)` }));

export async function runPairBenches(port: number, inputDir: string, dataDir: string, s: AppSettings): Promise<BenchRow[]> {
  const adminUrl = benchPostgresUrl();
  if (!adminUrl)
    return [
      failedRow(
        "pair",
        "2 instances on PostgreSQL",
        "nothing lost, setup once",
        new Error("no PostgreSQL: set BENCH_POSTGRES_URL to a URL whose user may create databases"),
      ),
    ];
  const name = `clinaudit_bench_pair_${process.pid}`;
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => c.query(`CREATE DATABASE ${name}`)));
  const servers: AppServer[] = [];
  let balancer: Balancer | undefined;
  let staticBalancer: Balancer | undefined;
  let files: Awaited<ReturnType<typeof serveFiles>> | undefined;
  const rows: BenchRow[] = [];
  try {
    const lbPort = port + 12;
    const env = {
      DATABASE_URL: dbUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
      NEXTAUTH_URL: `http://localhost:${lbPort}`,
      CLINAUDIT_ADMIN_EMAIL: ADMIN.email,
      CLINAUDIT_ADMIN_PASSWORD: ADMIN.password,
    };
    log(`starting two instances together on an empty PostgreSQL database (${name}), ports ${port + 10} and ${port + 11}…`);
    const start = (k: number) => startApp({ port: port + 10 + k, dataDir: `${dataDir}-${"ab"[k]}`, env });
    const started = await Promise.allSettled([0, 1].map(start));
    // `npm start` takes the checkout's build lock after its migrations and first-start setup, so
    // two starts in one checkout at the same moment can find it held and the later one is refused
    // (scripts/startup/build-guard.ts). Both have raced through migrations and setup by then: the
    // refused one is started again once the other is up, and its first attempt's log is the one
    // that says how many migrations it applied.
    const firstLogs: string[] = [];
    for (const [k, r] of started.entries()) {
      const message = r.status === "rejected" ? String((r.reason as Error).message) : "";
      if (!/another start in this checkout/.test(message)) continue;
      log(`instance ${"ab"[k]} was refused the checkout's build lock held by the other; starting it again`);
      firstLogs[k] = message;
      [started[k]] = await Promise.allSettled([start(k)]);
    }
    for (const r of started) if (r.status === "fulfilled") servers.push(r.value);
    const failed = started.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    rows.push(await startupChecks(dbUrl, servers, firstLogs));
    balancer = await startBalancer(
      lbPort,
      servers.map((sv) => sv.base),
    );
    rows.push(await importOnce(balancer.base, dbUrl, path.dirname(dataDir)));

    const clinicians = Math.max(s.saves.raters, s.case.clinicians);
    // Only the items the case and save rows use (3 targets, the saves' slices — three patterns and
    // a warm-up —, the capture's):
    // assigning 100 clinicians × 100 items is one transaction that outlasts Prisma's 5 s
    // default on a loaded machine (lib/server/audits/assign.ts).
    const perClinician = Math.min(s.perClinician, 3 + 4 * Math.ceil(s.saves.pairs / DEFAULT_RUBRIC.length) + 2);
    log(`building the world in PostgreSQL (${clinicians} clinicians × ${perClinician} items)…`);
    const world = await buildWorld(inputDir, `${dataDir}-world`, dbUrl, clinicians, perClinician);
    const cookies = await signInAll(
      balancer.base,
      world.clinicians.map((c) => c.email),
      world.password,
    );
    const c = world.clinicians[0]!;
    const page = await request(`${balancer.base}/review/${c.assignments[TARGET.mid]}`, { headers: { cookie: cookies[0]! } });
    if (page.status !== 200) throw new Error(`the case page answered HTTP ${page.status} through the balancer`);
    // The static baseline crosses a balancer too (node:http: next start serves only the public/ files present when it starts).
    files = await serveFiles(port + 13, {
      case: page.body,
      longest: fs.readFileSync(world.staticRecords.longest),
      short: fs.readFileSync(world.staticRecords.short),
    });
    staticBalancer = await startBalancer(port + 14, [files.base]);
    const sb = staticBalancer.base;
    const ctx: AppContext = {
      base: balancer.base,
      world,
      cookies,
      serverCpuMs: () => servers.reduce((ms, server) => ms + server.cpuMs(), 0),
      staticUrls: {
        case: `${sb}/bench-static-case.html`,
        longest: `${sb}/bench-static-longest.html`,
        short: `${sb}/bench-static-short.html`,
      },
      staticNote: "the static HTML from node:http in the bench process behind a second instance of the same balancer",
      databaseUrl: dbUrl,
    };
    const sampler = sampleConnections(adminUrl, name);
    for (const [key, f] of [
      ["case", () => benchCasePage(ctx, s.case)],
      ["saves", () => benchSaves(ctx, `${dataDir}-world`, s.saves)],
    ] as const) {
      try {
        log(`— pair ${key}`);
        rows.push(...renamed(await f()));
      } catch (error) {
        log(`pair ${key} failed: ${(error as Error).message}\n${servers.map((sv) => sv.logTail()).join("\n")}`);
        rows.push(failedRow(`pair.${key}`, `${key} (2 instances)`, "as the one-instance row", error));
      }
    }
    rows.push(await sampler.stop());
    // Failed requests are answered by the servers: keep what they logged.
    keepServerLogs(servers);
    if (rows.some((r) => typeof r.values?.errors === "number" && r.values.errors > 0))
      log(`server logs (last lines):\n${servers.map((sv) => sv.logTail(40)).join("\n")}`);
    const split = balancer.counts();
    for (const r of rows)
      if (r.key.startsWith("pair.case") || r.key === "pair.saves.lost")
        r.note = `${r.note ?? ""} Balancer split: ${split.join(" / ")} requests.`.trim();
    return rows;
  } catch (error) {
    log(`pair failed: ${(error as Error).message}\n${servers.map((sv) => sv.logTail()).join("\n")}`);
    return [...rows, failedRow("pair", "2 instances on PostgreSQL", "nothing lost, setup once", error)];
  } finally {
    await balancer?.close();
    await staticBalancer?.close();
    await files?.close();
    await Promise.all(servers.map((sv) => sv.stop()));
    await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => {});
  }
}
