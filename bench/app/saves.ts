// Row 3: rating saves from many raters at once. A real save is captured once from Chromium
// (the server action's URL, Next-Action id, router-state header and body format), then
// replayed over HTTP by every rater with their own session and assignments; afterwards the
// database must hold exactly the acknowledged ratings and versions. Baseline: the same
// number of raters requesting GET /api/health (a route handler doing one small database read)
// with the same pattern, on the same server.
import Database from "better-sqlite3";
import path from "node:path";
import { DEFAULT_RUBRIC } from "../../lib/audits/rubric";
import { concurrently, request } from "../lib/http";
import { summarize, type LatencySummary } from "../lib/stats";
import { formatMs, type BenchRow } from "../lib/table";
import { launchChromium, signedInContext } from "./browser";
import type { AppContext } from "./context";
import { log } from "./context";
import { classifySave, Ledger, parseActionResponse, savePlan, type SaveStep, type StoredRating } from "./saves-plan";

export interface SavesSettings {
  raters: number;
  savesPerRater: number;
  /** (assignment, dimension) pairs each rater cycles over. */
  pairs: number;
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
      throw new Error(`the captured save's body is not [{assignmentId, dimension, category, expectedVersion}]: ${req.postData()?.slice(0, 200)}`);
    }
    if (new URL(req.url()).pathname !== `/review/${assignmentId}`) throw new Error(`the save was posted to ${req.url()}, not to the case page`);
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

function storedRatings(dataDir: string, assignmentIds: string[]): { ratings: StoredRating[]; events: number } {
  const db = new Database(path.join(dataDir, "clinaudit.db"), { readonly: true });
  try {
    const ids = JSON.stringify(assignmentIds);
    const ratings = db.prepare(`SELECT assignmentId, dimension, category, version FROM "Rating" WHERE assignmentId IN (SELECT value FROM json_each(?))`).all(ids) as StoredRating[];
    const { n } = db.prepare(`SELECT count(*) AS n FROM "AuditEvent" WHERE action = 'rating.save' AND entityId IN (SELECT value FROM json_each(?))`).get(ids) as { n: number };
    return { ratings, events: n };
  } finally {
    db.close();
  }
}

const both = (s: LatencySummary) => `p50 ${formatMs(s.p50)} · p95 ${formatMs(s.p95)}`;

export async function benchSaves(ctx: AppContext, dataDir: string, s: SavesSettings): Promise<BenchRow[]> {
  const raters = ctx.world.clinicians.slice(0, s.raters);
  if (raters.length < s.raters) throw new Error(`the world has ${raters.length} clinicians, the saves benchmark needs ${s.raters}`);
  const captured = await captureSave(ctx);
  log(`captured a real save: POST /review/<assignment>, Next-Action ${captured.headers["next-action"]}`);
  // Each rater's own filler assignments (not the three target items, not the capture one).
  const perRater = Math.ceil(s.pairs / DEFAULT_RUBRIC.length);
  const plan = savePlan(raters.map((c) => c.assignments.slice(3, 3 + perRater)), s.savesPerRater, DEFAULT_RUBRIC.map((d) => ({ key: d.key, categories: d.categories.map((c) => c.key) })), s.pairs);
  const health = () => concurrently(raters.length, s.savesPerRater, async () => (await request(`${ctx.base}/api/health`)).ms);

  const baseline = await health();
  const ledger = new Ledger();
  const failures: string[] = [];
  let conflicts = 0;
  const saveMs = await concurrently(raters.length, s.savesPerRater, async (r, i) => {
    const step = plan[r]![i]!;
    const expected = ledger.version(step);
    const res = await replay(ctx, captured, ctx.cookies[r]!, step, expected);
    let outcome;
    try {
      outcome = res.status === 200 ? classifySave(parseActionResponse(res.body.toString("utf8")), step, expected) : { kind: "error" as const, message: `HTTP ${res.status}` };
    } catch (error) {
      outcome = { kind: "error" as const, message: (error as Error).message };
    }
    if (outcome.kind === "saved") ledger.acknowledge(step, outcome.version);
    else if (outcome.kind === "conflict") conflicts++;
    else failures.push(outcome.message);
    return res.ms;
  });
  baseline.push(...(await health()));

  const stored = storedRatings(dataDir, plan.flat().map((st) => st.assignmentId));
  const { lost, unexpected } = ledger.compare(stored.ratings);
  const total = raters.length * s.savesPerRater;
  const m = summarize(saveMs);
  const b = summarize(baseline);
  log(`saves: ${both(m)}; ${ledger.acknowledged}/${total} acknowledged, ${conflicts} conflicts, ${failures.length} errors${failures.length ? ` (first: ${failures[0]})` : ""}; health ${both(b)}`);
  const errors = failures.length + conflicts;
  const eventsOk = stored.events === ledger.acknowledged;
  return [
    {
      key: "saves.p95",
      benchmark: `rating save, ${raters.length} concurrent raters`,
      measured: `${both(m)}, ${errors} errors`,
      baseline: `GET /api/health ${both(b)}`,
      ratio: m.p95 / b.p95,
      target: "p95 ≤ 30 ms",
      met: errors === 0 && m.p95 <= 30,
      values: { p50Ms: m.p50, p95Ms: m.p95, maxMs: m.max, healthP50Ms: b.p50, healthP95Ms: b.p95, saves: total, raters: raters.length, conflicts, errors: failures.length },
      note:
        `${total} saves (${raters.length} raters at once, each ${s.savesPerRater} saves one after the other over ${s.pairs} own (assignment, dimension) pairs: first saves create, later ones change) ` +
        `replaying the server action request captured from Chromium (POST /review/<id> with Next-Action); time to the last byte of the answer. ` +
        `Baseline: the same ${raters.length} × ${s.savesPerRater} pattern of GET /api/health (route handler, one count query), before and after the saves.`,
    },
    {
      key: "saves.lost",
      benchmark: "rating saves lost (database check)",
      measured: `${lost.length} lost, ${unexpected.length} unexpected`,
      baseline: `${ledger.acknowledged} acknowledged`,
      ratio: null,
      target: "none lost",
      met: lost.length === 0 && unexpected.length === 0 && eventsOk && ledger.acknowledged === total,
      values: { acknowledged: ledger.acknowledged, lost: lost.length, unexpected: unexpected.length, ratingRows: stored.ratings.length, auditEvents: stored.events },
      note: `after the run the database holds ${stored.ratings.length} ratings on those assignments, each compared with the last acknowledged category and version; ${stored.events} rating.save audit events for ${ledger.acknowledged} acknowledged saves${lost.length ? `; first lost: ${lost[0]}` : ""}${unexpected.length ? `; first unexpected: ${unexpected[0]}` : ""}.`,
    },
  ];
}
