// `npm run bench -- --only review-full`: full-review worlds (setup.ts) on SQLite, and on
// PostgreSQL when BENCH_POSTGRES_URL is set (database bench_review_full), each served by
// `npm start` and measured by family.ts; kept between runs with --keep (world.json beside it).
import fs from "node:fs";
import path from "node:path";
import { log } from "../app/context";
import { admin as onPg, benchPostgresUrl } from "../app/run-pair";
import { groupProcesses, nextServerPid, startApp, type AppServer } from "../app/server";
import { onCleanup, runTracked, spawnTracked, stopTracked } from "../lib/processes";
import { type BenchRow, failedRow } from "../lib/table";
import { type ChangeVerb, familyRows, type FamilySettings } from "./family";
import { lineClient } from "./measure";
import { formatBytes, peakRssMb } from "./rows";
import type { ReviewWorld } from "./world";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DATA = path.join(ROOT, "data");
const PG_DATABASE = "bench_review_full";
const INPUTS = {
  notes: { dir: path.join(DATA, "bench-review-full-notes"), args: ["--kind", "notes", "--csv"], file: "questions.csv" },
  ehr: { dir: path.join(DATA, "bench-review-full-ehr"), args: ["--kind", "ehr", "--jsonl"], file: "instances.jsonl" },
};
export const REVIEW_FULL_SETTINGS: FamilySettings = { rounds: 9, coldRounds: 6, downloadRounds: 3, bystander: 60 };

interface Engine {
  name: "SQLite" | "PostgreSQL";
  dataDir: string;
  /** The database's URL (SQLite: the file in the data dir). */
  url: string;
}

async function generateInputs(): Promise<void> {
  for (const input of Object.values(INPUTS)) {
    if (fs.existsSync(path.join(input.dir, input.file))) continue;
    const args = ["bin/clinaudit.mjs", "generate", ...input.args, "--size", "full", "--seed", "review-full", "--out", input.dir];
    log(`generating: clinaudit ${args.slice(1).join(" ")}`);
    const r = await runTracked(process.execPath, args, { cwd: ROOT, echo: "    " });
    if (r.code !== 0) throw new Error(`clinaudit generate failed: ${r.stderr.trim()}`);
  }
}

/** The kept world of an engine (--keep), or a new one built by setup.ts. */
async function world(e: Engine, keep: boolean): Promise<ReviewWorld> {
  const file = path.join(e.dataDir, "world.json");
  if (keep && fs.existsSync(file)) {
    log(`${e.name}: reusing the kept world in ${path.relative(ROOT, e.dataDir)}`);
    return JSON.parse(fs.readFileSync(file, "utf8")) as ReviewWorld;
  }
  log(`${e.name}: building the full-review world (minutes)…`);
  const t = performance.now();
  const args = ["--conditions=react-server", "--import", "tsx", "bench/review-full/setup.ts", "--data", e.dataDir];
  args.push("--notes", INPUTS.notes.dir, "--ehr", INPUTS.ehr.dir, ...(e.name === "PostgreSQL" ? ["--database", e.url] : []));
  const r = await runTracked(process.execPath, args, { cwd: ROOT, echo: "" });
  if (r.code !== 0) throw new Error(`setup.ts failed (exit ${r.code}): ${r.stderr.trim().split("\n").slice(-3).join(" / ")}`);
  log(`${e.name}: world built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as ReviewWorld;
}

/**
 * Whether the kept world.json describes the PostgreSQL database as it is: a database built again
 * since (by another checkout's run) has other ids, and every row would fail on its first change.
 */
async function keptWorldIn(url: string, file: string): Promise<boolean> {
  if (!fs.existsSync(file)) return false;
  const kept = JSON.parse(fs.readFileSync(file, "utf8")) as ReviewWorld;
  const ids = [kept.notes.auditId, kept.ehr.auditId];
  const found = await onPg(url, async (c) => (await c.query(`SELECT 1 FROM "Audit" WHERE "id" = ANY($1)`, [ids])).rowCount).catch(() => 0);
  if (found !== ids.length) log(`PostgreSQL: the kept world.json does not match database ${PG_DATABASE}: building it again`);
  return found === ids.length;
}

/** "scripts/start.ts", "npm", "esbuild": what a process of the server's group is, in a word. */
function processLabel(command: string): string {
  const script = /\S+\.(?:ts|mjs|js)\b/.exec(command.split(" ").slice(1).join(" "))?.[0];
  return script ?? path.basename(command.split(" ")[0] ?? command);
}

/** next-server's peak resident set over its life (VmHWM). */
function peakRow(e: Engine, app: AppServer): BenchRow {
  const pid = nextServerPid(app.group);
  const mb = pid === undefined ? Number.NaN : peakRssMb(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  // The start script stays beside the server (and runs the job worker on PostgreSQL): its memory is the app's too.
  const others = groupProcesses(app.group)
    .filter((p) => p.pid !== pid && !p.command.startsWith("sh "))
    .map((p) => ({ command: processLabel(p.command), peakMb: peakRssMb(p.status) }))
    .filter((p) => Number.isFinite(p.peakMb) && p.peakMb >= 1);
  return {
    key: `review-full.${e.name.toLowerCase()}.rss`,
    benchmark: `${e.name}: server peak RSS over the family`,
    measured: Number.isFinite(mb) ? formatBytes(mb * 1e6) : "not measured",
    baseline: "—",
    ratio: null,
    target: "≤ 500 MB",
    met: Number.isFinite(mb) ? mb <= 500 : null,
    values: { peakRssMb: mb, othersPeakRssMb: others.reduce((sum, o) => sum + o.peakMb, 0) },
    note: `VmHWM of the next-server process (/proc/<pid>/status), read after every row of this engine; the other processes of the server beside it, VmHWM: ${
      others.map((o) => `${o.command} ${o.peakMb.toFixed(0)} MB`).join("; ") || "none"
    }`,
  };
}

async function runEngine(e: Engine, port: number, keep: boolean, s: FamilySettings): Promise<BenchRow[]> {
  const w = await world(e, keep);
  const app = await startApp({ port, dataDir: e.dataDir, ...(e.name === "PostgreSQL" ? { env: { DATABASE_URL: e.url } } : {}) });
  const changer = spawnTracked(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/review-full/change.ts", "--database", e.url],
    { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] },
  );
  try {
    const send = lineClient(changer);
    const change = async (auditId: string, verb: ChangeVerb = "change") => {
      const answer = await send(`${verb} ${auditId}`);
      if (!answer.startsWith("ok")) throw new Error(`${verb} ${auditId}: ${answer}`);
    };
    log(`${e.name}: server up on ${app.base}`);
    const rows = await familyRows({ probe: { base: app.base, cpuMs: () => app.cpuMs() }, world: w, engine: e.name, change, s });
    rows.push(peakRow(e, app));
    if (app.exited()) log(`the server exited during the family:\n${app.logTail()}`);
    return rows;
  } finally {
    changer.stdin?.end();
    await stopTracked(changer);
    await app.stop();
  }
}

export async function runReviewFull(port: number, keep: boolean, s = REVIEW_FULL_SETTINGS): Promise<BenchRow[]> {
  const pgAdmin = benchPostgresUrl();
  const engines: Engine[] = [
    {
      name: "SQLite",
      dataDir: path.join(DATA, "bench-review-full"),
      url: `file:${path.join(DATA, "bench-review-full", "clinaudit.db")}`,
    },
  ];
  if (pgAdmin)
    engines.push({
      name: "PostgreSQL",
      dataDir: path.join(DATA, "bench-review-full-pg"),
      url: Object.assign(new URL(pgAdmin), { pathname: `/${PG_DATABASE}` }).toString(),
    });
  const rows: BenchRow[] = [];
  const dirs = [...engines.map((e) => e.dataDir), INPUTS.notes.dir, INPUTS.ehr.dir];
  const removeDirs = () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  // Also on Ctrl-C, where the finally below does not run.
  if (!keep) onCleanup(removeDirs);
  try {
    await generateInputs();
    for (const e of engines) {
      try {
        if (e.name === "PostgreSQL") {
          const exists = await onPg(
            pgAdmin!,
            async (c) => (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [PG_DATABASE])).rowCount,
          );
          if (!exists || !keep || !(await keptWorldIn(e.url, path.join(e.dataDir, "world.json")))) {
            await onPg(pgAdmin!, (c) =>
              c.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`).then(() => c.query(`CREATE DATABASE ${PG_DATABASE}`)),
            );
            fs.rmSync(path.join(e.dataDir, "world.json"), { force: true });
          }
        }
        rows.push(...(await runEngine(e, port, keep, s)));
      } catch (error) {
        log(`review-full on ${e.name} failed: ${(error as Error).message}`);
        rows.push(failedRow(`review-full.${e.name.toLowerCase()}`, `review-full on ${e.name}`, "as the issue's", error));
      }
    }
    if (!pgAdmin)
      rows.push(
        failedRow(
          "review-full.postgresql",
          "review-full on PostgreSQL",
          "as the issue's",
          new Error("no PostgreSQL: set BENCH_POSTGRES_URL"),
        ),
      );
  } finally {
    if (!keep) {
      for (const dir of [...engines.map((e) => e.dataDir), INPUTS.notes.dir, INPUTS.ehr.dir])
        fs.rmSync(dir, { recursive: true, force: true });
      if (pgAdmin) await onPg(pgAdmin, (c) => c.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`)).catch(() => {});
    }
  }
  return rows;
}
