// Row 3: rating saves from many raters at once. A real save is captured once from Chromium
// (the server action's URL, Next-Action id, router-state header and body format), then
// replayed over HTTP by every rater with their own session and assignments, in three load
// patterns: one save at a time (the service time), all raters at once with no pause, and all
// raters at a (brisk) human pace. Afterwards the database must hold exactly the acknowledged
// ratings and versions. Baseline: GET /api/health (a route handler doing one small database
// read) sent with the same pattern just before, on the same server.
import { DEFAULT_RUBRIC } from "../../lib/audits/rubric";
import { createPrng } from "../../lib/sampling/prng";
import { concurrently, request } from "../lib/http";
import { summarize, type LatencySummary } from "../lib/stats";
import { formatCpu, formatLatencies, formatMs, formatRatio, type BenchRow } from "../lib/table";
import { launchChromium, signedInContext } from "./browser";
import type { AppContext } from "./context";
import { log } from "./context";
import { storedRatings, storedRatingsPg } from "./saves-stored";
import { classifySave, Ledger, parseActionResponse, savePlan, type SaveOutcome, type SaveStep } from "./saves-plan";

export interface SavesSettings {
  raters: number;
  savesPerRater: number;
  /** (assignment, dimension) pairs each rater cycles over, per load pattern. */
  pairs: number;
  /** Mean pause between one rater's saves in the paced pattern. */
  thinkMs: number;
}

interface CapturedSave {
  assignmentId: string;
  headers: Record<string, string>;
}

/** Rates the capture assignment once in Chromium and keeps the server action's request. */
async function captureSave(ctx: AppContext): Promise<CapturedSave> {
  const assignmentId = ctx.world.clinicians[0]!.assignments.at(-1)!;
  const browser = await launchChromium();
  try {
    const context = await signedInContext(browser, ctx.base, ctx.cookies[0]!);
    const page = await context.newPage();
    await page.goto(`${ctx.base}/review/${assignmentId}`, { timeout: 120_000 });
    await page.locator("section[data-keys-ready]").waitFor({ timeout: 120_000 });
    const saving = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined, { timeout: 60_000 });
    await page.keyboard.press("1");
    const req = await saving;
    const all = await req.allHeaders();
    const body = JSON.parse(req.postData() ?? "null") as unknown;
    const arg = Array.isArray(body) && body.length === 1 ? (body[0] as Record<string, unknown>) : null;
    if (!arg || arg.assignmentId !== assignmentId || !["dimension", "category", "expectedVersion"].every((k) => k in arg)) {
      throw new Error(
        `the captured save's body is not [{assignmentId, dimension, category, expectedVersion}]: ${req.postData()?.slice(0, 200)}`,
      );
    }
    if (new URL(req.url()).pathname !== `/review/${assignmentId}`)
      throw new Error(`the save was posted to ${req.url()}, not to the case page`);
    const headers: Record<string, string> = {};
    for (const k of ["next-action", "next-router-state-tree", "content-type", "accept", "origin"]) if (all[k]) headers[k] = all[k];
    if (!headers["next-action"]) throw new Error("the captured save has no Next-Action header");
    await context.close();
    return { assignmentId, headers };
  } finally {
    await browser.close();
  }
}

/** The captured request, re-addressed to another rater's assignment. */
function replay(ctx: AppContext, captured: CapturedSave, cookie: string, step: SaveStep, expectedVersion: number) {
  const tree = captured.headers["next-router-state-tree"]?.replaceAll(captured.assignmentId, step.assignmentId);
  return request(`${ctx.base}/review/${step.assignmentId}`, {
    method: "POST",
    headers: { ...captured.headers, ...(tree ? { "next-router-state-tree": tree } : {}), cookie },
    body: JSON.stringify([{ assignmentId: step.assignmentId, dimension: step.dimension, category: step.category, expectedVersion }]),
  });
}

/** How the raters send their saves. */
interface Pattern {
  key: "warm-up" | "sequential" | "burst" | "paced";
  label: string;
  raters: number;
  /** Mean pause before each save (uniform in [0, 2 × mean]); 0 = straight after the last answer. */
  thinkMs: number;
  target: string;
  targetMs: number | null;
  /** Largest p95 as a multiple of /api/health's p95 in the same pattern, if that is the target. */
  targetRatio?: number;
}

/** `raters` loops at once, each `perRater` tasks in turn, each after its think time. */
function drive<T>(pattern: Pattern, perRater: number, task: (r: number, i: number) => Promise<T>): Promise<T[]> {
  const rng = createPrng(`bench-saves-${pattern.key}`);
  return concurrently(pattern.raters, perRater, async (r, i) => {
    if (pattern.thinkMs > 0) await new Promise((ok) => setTimeout(ok, rng.nextInt(2 * pattern.thinkMs + 1)));
    return task(r, i);
  });
}

interface PhaseResult {
  saves: LatencySummary;
  health: LatencySummary;
  /** The server's CPU time per request over each half of the phase (ms; NaN if unreadable). */
  saveCpuMs: number;
  healthCpuMs: number;
  conflicts: number;
  failures: string[];
  healthErrors: number;
}

async function phase(ctx: AppContext, captured: CapturedSave, pattern: Pattern, plan: SaveStep[][], ledger: Ledger): Promise<PhaseResult> {
  const perRater = plan[0]!.length;
  let healthErrors = 0;
  const healthCpuFrom = ctx.serverCpuMs();
  const health = await drive(pattern, perRater, async () => {
    const res = await request(`${ctx.base}/api/health`).catch(() => null);
    if (res?.status !== 200) healthErrors++;
    return res?.status === 200 ? res.ms : null;
  });
  const healthCpuMs = (ctx.serverCpuMs() - healthCpuFrom) / health.length;
  let conflicts = 0;
  const failures: string[] = [];
  const saveCpuFrom = ctx.serverCpuMs();
  const timed = await drive(pattern, perRater, async (r, i) => {
    const step = plan[r]![i]!;
    const expected = ledger.version(step);
    let outcome: SaveOutcome;
    let ms: number | null = null;
    try {
      const res = await replay(ctx, captured, ctx.cookies[r]!, step, expected);
      ms = res.ms;
      outcome =
        res.status === 200
          ? classifySave(parseActionResponse(res.body.toString("utf8")), step, expected)
          : { kind: "error", message: `HTTP ${res.status}` };
    } catch (error) {
      outcome = { kind: "error", message: (error as Error).message };
    }
    if (outcome.kind === "saved") ledger.acknowledge(step, outcome.version);
    else if (outcome.kind === "conflict") conflicts++;
    else failures.push(outcome.message);
    return outcome.kind === "saved" ? ms : null;
  });
  const saveCpuMs = (ctx.serverCpuMs() - saveCpuFrom) / timed.length;
  // Latencies of acknowledged saves and answered health checks; failures are counted apart.
  const ok = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
  const result = { saves: summarize(ok(timed)), health: summarize(ok(health)), saveCpuMs, healthCpuMs, conflicts, failures, healthErrors };
  log(
    `saves ${pattern.key}: ${formatLatencies(result.saves)} (server CPU ${formatMs(saveCpuMs)} a save), ${conflicts} conflicts, ${failures.length} errors${failures.length ? ` (first: ${failures[0]})` : ""}; health ${formatLatencies(result.health)} (${formatMs(healthCpuMs)}), ${healthErrors} errors`,
  );
  return result;
}

export async function benchSaves(ctx: AppContext, dataDir: string, s: SavesSettings): Promise<BenchRow[]> {
  const raters = ctx.world.clinicians.slice(0, s.raters);
  if (raters.length < s.raters) throw new Error(`the world has ${raters.length} clinicians, the saves benchmark needs ${s.raters}`);
  const captured = await captureSave(ctx);
  log(`captured a real save: POST /review/<assignment>, Next-Action ${captured.headers["next-action"]}`);
  const patterns: Pattern[] = [
    { key: "sequential", label: "rating save, one at a time", raters: 1, thinkMs: 0, target: "—", targetMs: null },
    {
      key: "burst",
      label: `rating save, ${s.raters} raters at once`,
      raters: s.raters,
      thinkMs: 0,
      target: "p95 ≤ 3× /api/health",
      targetMs: null,
      targetRatio: 3,
    },
    {
      key: "paced",
      label: `rating save, ${s.raters} raters, a save every ~${s.thinkMs / 1000} s each`,
      raters: s.raters,
      thinkMs: s.thinkMs,
      target: "p95 ≤ 30 ms",
      targetMs: 30,
    },
  ];
  // Each pattern saves on its own slice of every rater's filler assignments (after the three
  // target items; the last assignment is the capture's).
  const perRater = Math.ceil(s.pairs / DEFAULT_RUBRIC.length);
  const rubric = DEFAULT_RUBRIC.map((d) => ({ key: d.key, categories: d.categories.map((c) => c.key) }));
  const ledger = new Ledger();
  const rows: BenchRow[] = [];
  const planned: SaveStep[] = [];
  let failed = 0;
  // A warm-up on a slice of its own, not reported (its saves are checked with the others): the
  // first saves of a fresh server process pay for compiling the save path.
  const warmFrom = 3 + patterns.length * perRater;
  const warmRaters = raters.slice(0, Math.min(10, raters.length));
  const warmPlan = savePlan(
    warmRaters.map((c) => c.assignments.slice(warmFrom, warmFrom + perRater)),
    s.savesPerRater,
    rubric,
    s.pairs,
  );
  planned.push(...warmPlan.flat());
  const warm = await phase(
    ctx,
    captured,
    { key: "warm-up", label: "warm-up", raters: warmRaters.length, thinkMs: 0, target: "—", targetMs: null },
    warmPlan,
    ledger,
  );
  failed += warm.conflicts + warm.failures.length;
  for (const [k, pattern] of patterns.entries()) {
    const from = 3 + k * perRater;
    const plan = savePlan(
      raters.slice(0, pattern.raters).map((c) => c.assignments.slice(from, from + perRater)),
      s.savesPerRater,
      rubric,
      s.pairs,
    );
    planned.push(...plan.flat());
    const r = await phase(ctx, captured, pattern, plan, ledger);
    const errors = r.conflicts + r.failures.length;
    failed += errors;
    rows.push({
      key: `saves.${pattern.key}`,
      benchmark: pattern.label,
      measured: `${formatLatencies(r.saves)}${formatCpu(r.saveCpuMs)}${errors ? `, ${errors} failed` : ""}`,
      baseline: `GET /api/health ${formatLatencies(r.health)}${formatCpu(r.healthCpuMs)}`,
      ratio: r.saves.p95 / r.health.p95,
      target: pattern.target,
      met:
        pattern.targetRatio !== undefined
          ? errors === 0 && r.saves.p95 <= pattern.targetRatio * r.health.p95
          : pattern.targetMs === null
            ? null
            : errors === 0 && r.saves.p95 <= pattern.targetMs,
      values: {
        p50Ms: r.saves.p50,
        p95Ms: r.saves.p95,
        p99Ms: r.saves.p99,
        maxMs: r.saves.max,
        meanMs: r.saves.mean,
        healthP50Ms: r.health.p50,
        healthP95Ms: r.health.p95,
        healthP99Ms: r.health.p99,
        healthMeanMs: r.health.mean,
        saveCpuMs: r.saveCpuMs,
        healthCpuMs: r.healthCpuMs,
        saves: pattern.raters * s.savesPerRater,
        raters: pattern.raters,
        thinkMs: pattern.thinkMs,
        conflicts: r.conflicts,
        errors: r.failures.length,
        healthErrors: r.healthErrors,
      },
      ...(k === 1
        ? {
            note:
              `each rater ${s.savesPerRater} saves in turn over ${s.pairs} (assignment, dimension) pairs of their own (first saves create, later ones change), replaying the server action request captured from Chromium (POST /review/<id> with Next-Action) with their own session; ` +
              `time to the last byte of the answer; percentiles over acknowledged saves (conflicts and errors counted apart). "At once": every rater sends the next save as soon as the last is answered; ` +
              `"every ~${s.thinkMs / 1000} s": a pause drawn uniformly from 0–${(2 * s.thinkMs) / 1000} s before each save. Baseline: GET /api/health (route handler, one count query) with the same pattern just before. ` +
              `"CPU": the app server's own CPU time (user + system) per request over each half, which the load generator sharing the two cores does not blur as it blurs latencies. ` +
              `With ${s.raters} requests in flight the two queues differ in fairness, which their p95s hide: saves p99 ${formatMs(r.saves.p99)}, mean ${formatMs(r.saves.mean)}; ` +
              `/api/health p99 ${formatMs(r.health.p99)}, mean ${formatMs(r.health.mean)} (means ${formatRatio(r.saves.mean / r.health.mean)} apart; CPU ${formatRatio(r.saveCpuMs / r.healthCpuMs)}).`,
          }
        : {}),
    });
  }

  const ids = [...new Set(planned.map((st) => st.assignmentId))];
  const stored = ctx.databaseUrl ? await storedRatingsPg(ctx.databaseUrl, ids) : storedRatings(dataDir, ids);
  const { lost, unexpected } = ledger.compare(stored.ratings);
  const eventsOk = stored.events === ledger.acknowledged;
  rows.push({
    key: "saves.lost",
    benchmark: "rating saves lost (database check)",
    measured: `${lost.length} lost, ${unexpected.length} unexpected`,
    baseline: `${ledger.acknowledged.toLocaleString("en")} acknowledged`,
    ratio: null,
    target: "none lost",
    met: lost.length === 0 && unexpected.length === 0 && eventsOk && failed === 0,
    values: {
      acknowledged: ledger.acknowledged,
      sent: planned.length,
      lost: lost.length,
      unexpected: unexpected.length,
      ratingRows: stored.ratings.length,
      auditEvents: stored.events,
    },
    note: `after all ${planned.length.toLocaleString("en")} saves the database holds ${stored.ratings.length} ratings on those assignments, each compared with the last acknowledged category and version; ${stored.events} rating.save audit events for ${ledger.acknowledged} acknowledged saves${lost.length ? `; first lost: ${lost[0]}` : ""}${unexpected.length ? `; first unexpected: ${unexpected[0]}` : ""}.`,
  });
  return rows;
}
