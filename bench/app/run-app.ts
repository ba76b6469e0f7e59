// The app benchmarks (case page, viewer, saves) against the real production server: build the
// world in a fresh data dir, render the case page once to copy its bytes as the static
// baseline, restart with the static files in place, sign the clinicians in, measure.
import fs from "node:fs";
import path from "node:path";
import type { BenchKey } from "../lib/args";
import { request } from "../lib/http";
import { runTracked } from "../lib/processes";
import { failedRow, type BenchRow } from "../lib/table";
import { parseLastJsonLine } from "../lib/child-json";
import { benchCasePage, type CasePageSettings } from "./case-page";
import { log, type AppContext } from "./context";
import { benchSaves, type SavesSettings } from "./saves";
import { startApp, type AppServer } from "./server";
import { signIn, signInAll } from "./sign-in";
import { publishStatics, serveFiles } from "./statics";
import { benchViewer, type ViewerSettings } from "./viewer";
import { TARGET, type World } from "./world";
import { z } from "zod";

export interface AppSettings {
  perClinician: number;
  case: CasePageSettings;
  viewer: ViewerSettings;
  saves: SavesSettings;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP_BENCHES = ["case", "viewer", "saves"] as const;
const LABELS: Record<(typeof APP_BENCHES)[number], [string, string]> = {
  case: ["case page, ~30K-token history, 20 concurrent", "p95 ≤ 3× static"],
  viewer: ["EHR viewer FCP / DOM, longest history", "≤ 1.5× static FCP, ≤ 1,500 elements"],
  saves: ["rating saves, 100 raters", "p95 ≤ 3× health at once, ≤ 30 ms paced, none lost"],
};

async function buildWorld(inputDir: string, dataDir: string, clinicians: number, perClinician: number): Promise<World> {
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
    "--clinicians",
    String(clinicians),
    "--per-clinician",
    String(perClinician),
  ];
  const r = await runTracked(process.execPath, args, { cwd: ROOT, echo: "" });
  if (r.code !== 0) throw new Error(`bench/app/setup.ts failed (exit ${r.code}): ${r.stderr.trim().split("\n").slice(-3).join(" / ")}`);
  // The world is checked where it is used; here only that it is an object.
  return parseLastJsonLine("bench/app/setup.ts", r.stdout, z.looseObject({ clinicians: z.array(z.unknown()) })) as unknown as World;
}

/** The case page's HTML for clinician 1, from a first start of the server. */
async function probeCasePage(port: number, dataDir: string, world: World): Promise<Buffer> {
  const app = await startApp({ port, dataDir });
  try {
    const c = world.clinicians[0]!;
    const cookie = await signIn(app.base, c.email, world.password);
    const res = await request(`${app.base}/review/${c.assignments[TARGET.mid]}`, { headers: { cookie } });
    if (res.status !== 200 || !res.body.includes(world.histories.mid.externalId))
      throw new Error(`the case page answered HTTP ${res.status} without the item`);
    return res.body;
  } finally {
    await app.stop();
  }
}

export async function runAppBenches(
  only: ReadonlySet<BenchKey>,
  port: number,
  inputDir: string,
  dataDir: string,
  s: AppSettings,
): Promise<BenchRow[]> {
  const selected = APP_BENCHES.filter((b) => only.has(b));
  if (selected.length === 0) return [];
  const fail = (error: unknown) => selected.map((b) => failedRow(b, LABELS[b][0], LABELS[b][1], error));
  let app: AppServer | undefined;
  let statics: ReturnType<typeof publishStatics> | undefined;
  let fallback: Awaited<ReturnType<typeof serveFiles>> | undefined;
  try {
    const clinicians = Math.max(only.has("saves") ? s.saves.raters : 0, s.case.clinicians);
    log(`building the app benchmarks' world in ${path.relative(ROOT, dataDir)} (${clinicians} clinicians × ${s.perClinician} items)…`);
    const world = await buildWorld(inputDir, dataDir, clinicians, s.perClinician);
    log("first start: rendering the case page for its static copy…");
    const files = {
      case: await probeCasePage(port, dataDir, world),
      longest: fs.readFileSync(world.staticRecords.longest),
      short: fs.readFileSync(world.staticRecords.short),
    };
    statics = publishStatics(files);
    app = await startApp({ port, dataDir });
    log(`app server up on ${app.base}; signing ${clinicians} clinicians in…`);
    const cookies = await signInAll(
      app.base,
      world.clinicians.map((c) => c.email),
      world.password,
    );
    let staticBase = app.base;
    let staticNote: string | undefined;
    for (const [name, p] of Object.entries(statics.paths)) {
      const res = await request(`${app.base}${p}`, { headers: { cookie: cookies[0]! } });
      if (res.status !== 200 || res.body.length !== Buffer.from(files[name as keyof typeof files]).length) {
        fallback = await serveFiles(port + 1, files);
        staticBase = fallback.base;
        staticNote = `next start did not serve public${p} (HTTP ${res.status}), so the static files came from node:http in the bench process`;
        break;
      }
    }
    const ctx: AppContext = {
      base: app.base,
      world,
      cookies,
      serverCpuMs: () => app!.cpuMs(),
      staticUrls: {
        case: `${staticBase}${statics.paths.case}`,
        longest: `${staticBase}${statics.paths.longest}`,
        short: `${staticBase}${statics.paths.short}`,
      },
      ...(staticNote ? { staticNote } : {}),
    };
    const rows: BenchRow[] = [];
    const run = async (b: (typeof APP_BENCHES)[number], f: () => Promise<BenchRow[]>) => {
      if (!only.has(b)) return;
      log(`— ${b}`);
      // A server that died (e.g. killed from outside on a shared machine) is restarted, and the rows say so.
      let restarted: string | undefined;
      if (
        app!.exited() ||
        !(await request(`${app!.base}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        ))
      ) {
        restarted = `the app server was restarted before this benchmark (${app!.exited() ?? "it stopped answering"})`;
        log(`${restarted}\n  server log (last lines):\n${app!.logTail().replace(/^/gm, "    ")}`);
        await app!.stop();
        app = await startApp({ port, dataDir });
      }
      try {
        const measured = await f();
        if (restarted) for (const r of measured) r.note = r.note ? `${r.note} (${restarted})` : restarted;
        rows.push(...measured);
      } catch (error) {
        log(`${b} failed: ${(error as Error).message}\n  server log (last lines):\n${app?.logTail().replace(/^/gm, "    ")}`);
        rows.push(failedRow(b, LABELS[b][0], LABELS[b][1], error));
      }
    };
    await run("case", () => benchCasePage(ctx, s.case));
    await run("viewer", () => benchViewer(ctx, s.viewer));
    await run("saves", () => benchSaves(ctx, dataDir, s.saves));
    return rows;
  } catch (error) {
    return fail(error);
  } finally {
    await app?.stop();
    statics?.remove();
    await fallback?.close();
  }
}
