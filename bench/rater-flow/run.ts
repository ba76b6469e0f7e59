// `npm run bench -- --only rater-flow`: two worlds (setup.ts, or the kept ones with --keep), with
// 100-item audits and full-review ones (1,500 decision points, up to 1,500 conversations), each
// served by `npm start`; 20 raters in Chromium through their queues (measure.ts): `n` → next case
// interactive for decision points and for conversations, beside `/account` loaded in the same run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { log } from "../app/context";
import { type ChromiumKind, machineCpuMs, startApp } from "../app/server";
import { signInAll } from "../app/sign-in";
import { runTracked } from "../lib/processes";
import { summarize } from "../lib/stats";
import { type BenchRow, failedRow, formatLatencies, formatRatio } from "../lib/table";
import { type FlowResult, type FlowSettings, measureFlow } from "./measure";
import type { RaterFlowWorld } from "./world";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const RATER_FLOW_DIR = path.join(ROOT, "data", "bench-rater-flow");
export const RATER_FLOW_SETTINGS: FlowSettings & { raters: number; sizes: readonly Size[] } = {
  raters: 20,
  sizes: [
    { items: 100, dir: RATER_FLOW_DIR, key: "" },
    // An organizer reviewing a whole 1,500-item decision-point benchmark (issue #30's full review).
    { items: 1500, dir: `${RATER_FLOW_DIR}-full`, key: "full." },
  ],
  transitions: 12,
  readMs: 1500,
  baselineEvery: 4,
};

interface Size {
  /** Items per audit (conversations: as many as the notes benchmark holds, up to this). */
  items: number;
  dir: string;
  /** The rows' key infix: "" at 100 items (the keys earlier runs used), "full." at full size. */
  key: string;
}
const TARGET_MS = 100;

async function world(dir: string, keep: boolean, raters: number, items: number): Promise<RaterFlowWorld> {
  const file = path.join(dir, "world.json");
  if (keep && fs.existsSync(file)) {
    log(`rater-flow: reusing the kept world in ${path.relative(ROOT, dir)}`);
    return JSON.parse(fs.readFileSync(file, "utf8")) as RaterFlowWorld;
  }
  const t = performance.now();
  const args = ["--conditions=react-server", "--import", "tsx", "bench/rater-flow/setup.ts", "--data", dir];
  args.push("--raters", String(raters), "--items", String(items));
  const r = await runTracked(process.execPath, args, { cwd: ROOT, echo: "" });
  if (r.code !== 0) throw new Error(`setup.ts failed (exit ${r.code}): ${r.stderr.trim().split("\n").slice(-3).join(" / ")}`);
  log(`rater-flow: world built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as RaterFlowWorld;
}

/**
 * Cores kept busy while the raters went through their cases: the machine's in all and the
 * server's share. The rest is the raters' Chromium (and the bench itself): on a machine the
 * browsers saturate, `n` waits for the processor, not for the app.
 */
interface CoresBusy {
  cores: number;
  machine: number;
  server: number;
  /** The raters' Chromium by process kind (measureFlow's sampler: from launch to close). */
  chromium: Map<ChromiumKind, number>;
}

const KIND_NAMES: [ChromiumKind, string][] = [
  ["gpu-process", "GPU process"],
  ["renderer", "renderers"],
  ["browser", "browser process"],
  ["utility", "utilities"],
  ["other", "other"],
];

function chromiumShare(chromium: Map<ChromiumKind, number>): string {
  const parts = KIND_NAMES.filter(([kind]) => (chromium.get(kind) ?? 0) >= 0.005).map(
    ([kind, name]) => `${name} ${chromium.get(kind)!.toFixed(2)}`,
  );
  return parts.length ? `Chromium's ${parts.join(", ")}` : "no Chromium process counted";
}

function row(key: string, kind: "mcq" | "conversation", items: number, raters: number, r: FlowResult, busy: CoresBusy): BenchRow {
  const next = summarize(r.next);
  const account = summarize(r.account);
  const label = kind === "mcq" ? "decision points" : "conversations";
  return {
    key: `rater-flow.${key}${kind}`,
    benchmark: `rater flow: n → next case interactive, ${label}, ${items.toLocaleString("en")} items, ${raters} raters in Chromium`,
    measured: formatLatencies(next),
    baseline: `/account document load ${formatLatencies(account)}`,
    ratio: account.p95 > 0 ? next.p95 / account.p95 : null,
    target: `p95 ≤ ${TARGET_MS} ms`,
    met: r.next.length > 0 ? next.p95 <= TARGET_MS && r.timeouts === 0 && r.failed.length === 0 : null,
    values: {
      n: next.n,
      p50: next.p50,
      p95: next.p95,
      max: next.max,
      accountN: account.n,
      accountP50: account.p50,
      accountP95: account.p95,
      timeouts: r.timeouts,
      coresBusy: busy.machine,
      serverCoresBusy: busy.server,
      ...Object.fromEntries([...busy.chromium].map(([kind, cores]) => [`chromiumCoresBusy.${kind}`, cores])),
    },
    note: `${next.n} transitions (${r.timeouts} over 20 s), max ${next.max.toFixed(0)} ms${r.failed.length ? `; ${r.failed.length} raters stopped early (${r.failed[0]})` : ""}; ratio p95 ÷ /account p95 ${formatRatio(account.p95 > 0 ? next.p95 / account.p95 : null)}; busy while measuring: ${busy.machine.toFixed(2)} of the machine's ${busy.cores} cores, of which next-server ${busy.server.toFixed(2)}, ${chromiumShare(busy.chromium)} (the rest: the bench and the machine)`,
  };
}

export async function runRaterFlow(port: number, keep: boolean, s = RATER_FLOW_SETTINGS): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const size of s.sizes) rows.push(...(await runSize(port, keep, s, size)));
  return rows;
}

async function runSize(port: number, keep: boolean, s: typeof RATER_FLOW_SETTINGS, size: Size): Promise<BenchRow[]> {
  if (!keep) fs.rmSync(size.dir, { recursive: true, force: true });
  const w = await world(size.dir, keep, s.raters, size.items);
  const app = await startApp({ port, dataDir: size.dir });
  const rows: BenchRow[] = [];
  try {
    const cookies = await signInAll(app.base, w.emails, w.password);
    for (const kind of ["mcq", "conversation"] as const) {
      const audit = w[kind];
      const key = `rater-flow.${size.key}${kind}`;
      try {
        log(`rater-flow: ${kind}, ${audit.items} items, ${cookies.length} raters × ${s.transitions} transitions`);
        const t = performance.now();
        const [machine, server] = [machineCpuMs().busy, app.cpuMs()];
        const r = await measureFlow(app.base, cookies, audit, s);
        const wall = performance.now() - t;
        const busy = {
          cores: os.availableParallelism(),
          machine: (machineCpuMs().busy - machine) / wall,
          server: (app.cpuMs() - server) / wall,
          chromium: new Map([...r.chromiumMs].map(([kind, ms]) => [kind, ms / wall] as const)),
        };
        log(`rater-flow: ${kind} done in ${(wall / 1000).toFixed(0)} s`);
        rows.push(row(size.key, kind, audit.items, cookies.length, r, busy));
      } catch (error) {
        rows.push(failedRow(key, `rater flow, ${kind}, ${audit.items} items`, `p95 ≤ ${TARGET_MS} ms`, error));
      }
    }
    if (app.exited()) log(`the server exited during rater-flow:\n${app.logTail()}`);
  } finally {
    await app.stop();
    if (!keep) fs.rmSync(size.dir, { recursive: true, force: true });
  }
  return rows;
}
