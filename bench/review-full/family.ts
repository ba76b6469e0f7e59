// The review-full rows of one engine, its server up on the world setup.ts built: every page and
// download of a full-size audit beside the same user's /account, the package beside the CLI's
// agreement of the same ratings, a bystander's case page under load, `n` → next at full size
// against 100 items, and the server's peak RSS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { log } from "../app/context";
import { signIn } from "../app/sign-in";
import { runTracked } from "../lib/processes";
import { type BenchRow, failedRow } from "../lib/table";
import { type Check, beside, isBody, isPage, loopUntil, type Probe, sampleInto, untilShown } from "./measure";
import { median } from "../lib/stats";
import { besideRow, describeSeries, emptySeries, exportLinks, p95Row, type Series } from "./rows";
import type { ReviewAudit, ReviewWorld } from "./world";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** What the change child does (change.ts): a rating changed, the audit closed or reopened, an adjudication revised. */
export type ChangeVerb = "change" | "close" | "reopen" | "adjudicate";

export interface FamilySettings {
  /** /account + subject rounds per page. */
  rounds: number;
  /** Dashboard first loads, each right after a rating change. */
  coldRounds: number;
  /** Rounds per download and for the package. */
  downloadRounds: number;
  /** Case page loads of the bystander, idle and under load. */
  bystander: number;
}

export interface FamilyContext {
  probe: Probe;
  world: ReviewWorld;
  /** "SQLite" or "PostgreSQL": the rows' prefix. */
  engine: string;
  /** Changes one rating of the audit (saveRating in a child process), or closes / reopens it. */
  change: (auditId: string, verb?: ChangeVerb) => Promise<void>;
  s: FamilySettings;
}

const n = (x: number) => x.toLocaleString("en");

/** Median wall time of `clinaudit agreement FILE` (a child process, Node's start included), as a series. */
async function cliAgreement(csv: Buffer, runs: number): Promise<Series> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-review-full-")), "ratings-long.csv");
  fs.writeFileSync(file, csv);
  const s = emptySeries();
  try {
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const r = await runTracked(process.execPath, ["bin/clinaudit.mjs", "agreement", file], { cwd: ROOT });
      s.ms.push(performance.now() - t);
      if (r.code !== 0) s.errors++;
    }
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return s;
}

async function auditRows(ctx: FamilyContext, a: ReviewAudit, label: string): Promise<BenchRow[]> {
  const { probe: p, s } = ctx;
  const as = (email: string) => signIn(p.base, email, ctx.world.password);
  const rater = await as(a.emails.raters[0]!);
  const organizer = await as(a.emails.organizer);
  const adjudicator = await as(a.emails.adjudicator);
  const key = (k: string) => `review-full.${ctx.engine.toLowerCase()}.${label.split(" ")[0]}.${k}`;
  const title = (what: string) => `${ctx.engine}, ${label}: ${what}`;
  const row = (k: string, what: string, r: Awaited<ReturnType<typeof beside>>, limit: number, note?: string) =>
    besideRow({
      key: key(k),
      benchmark: title(what),
      subject: r.subject,
      baseline: r.account,
      baselineLabel: "/account",
      limit,
      target: `≤ ${limit}× /account`,
      ...(note ? { note } : {}),
    });
  const rows: BenchRow[] = [];
  const audit = `/audits/${a.auditId}`;
  const step = async (what: string, f: () => Promise<BenchRow>) => {
    log(`${title(what)}…`);
    const r = await f();
    log(`  ${r.measured} | ${r.baseline}`);
    rows.push(r);
  };
  await step("rater's queue /review", async () => row("queue", "rater's queue /review", await beside(p, "/review", rater, s.rounds), 3));
  await step("case page", async () => row("case", "case page", await beside(p, `/review/${a.caseAssignment}`, rater, s.rounds), 2));
  await step("audit page", async () => row("audit", "organizer's audit page", await beside(p, audit, organizer, s.rounds), 2));
  const dashboard = `${audit}/dashboard`;
  await step("dashboard, first load after a rating change", async () =>
    row(
      "dashboard-cold",
      "dashboard, first load after a rating change",
      await beside(p, dashboard, organizer, s.coldRounds, { before: () => ctx.change(a.auditId), warm: false }),
      3,
    ),
  );
  const untilCurrent = () => untilShown(p, dashboard, organizer);
  // The first load above shows the report before the change while the new one is computed in the
  // report thread: how long until the dashboard shows the change (reloaded every 250 ms).
  await step("dashboard showing a rating change", async () => {
    const until = emptySeries();
    for (let r = 0; r < s.coldRounds; r++) {
      await ctx.change(a.auditId);
      const started = performance.now();
      const cpu = p.cpuMs();
      if (!(await untilCurrent())) until.errors++;
      until.ms.push(performance.now() - started);
      until.cpuMs.push(p.cpuMs() - cpu);
    }
    return {
      key: key("dashboard-current"),
      benchmark: title("dashboard showing a rating change (report computed in the report thread)"),
      measured: describeSeries(until),
      baseline: "—",
      ratio: null,
      target: "none (work off the request path)",
      met: null,
      values: { medianMs: median(until.ms), cpuMs: median(until.cpuMs), samples: until.ms.length, errors: until.errors },
      note: "from the rating change to a dashboard load that shows it, reloading every 250 ms; CPU: the server's over that time",
    };
  });
  // The first-load row above comes ~100 ms after the round before, while the report that round
  // asked for is still computed (a full review's takes seconds): it measures a dashboard loaded
  // while the report thread computes, as when raters save all the time. Here each change comes
  // once the dashboard shows the one before: the first load after a change to a quiet audit.
  await step("dashboard, first load after a rating change to a quiet audit", async () => {
    let behind = 0;
    const r = await beside(p, dashboard, organizer, s.coldRounds, {
      before: async () => {
        if (!(await untilCurrent())) behind++;
        await ctx.change(a.auditId);
      },
      warm: false,
    });
    r.subject.errors += behind;
    return row("dashboard-quiet", "dashboard, first load after a rating change to a quiet audit", r, 3);
  });
  const warm = await beside(p, dashboard, organizer, s.rounds);
  await step("dashboard reload", async () => row("dashboard-warm", "dashboard reload", warm, 3));
  // The dashboard's other parts (lib/reports/dashboard-view.ts), the summary above being its default;
  // "all" is every part on one page (to print).
  for (const view of ["over-time", "raters", "subgroups", "items", "all"]) {
    const what = `dashboard reload, view=${view}`;
    await step(what, async () => row(`dashboard-${view}`, what, await beside(p, `${dashboard}?view=${view}`, organizer, s.rounds), 3));
  }

  // Every download the dashboard lists, each beside /account; one row: the slowest, met when all are.
  const files = exportLinks(warm.body?.toString("utf8") ?? "", a.auditId);
  let ratingsLong: Buffer | null = null;
  await step(`${files.length} downloads listed on the dashboard`, async () => {
    if (files.length === 0) throw new Error("the dashboard lists no export download");
    const each: { file: string; row: BenchRow }[] = [];
    for (const file of files) {
      const r = await beside(p, `/api/audits/${a.auditId}/export/${file}`, organizer, s.downloadRounds, { check: isBody });
      if (file === "ratings-long.csv") ratingsLong = r.body;
      each.push({ file, row: row(`export.${file}`, file, r, 5) });
    }
    const worst = each.reduce((w, e) => ((e.row.ratio ?? 0) > (w.row.ratio ?? 0) ? e : w));
    return {
      ...worst.row,
      key: key("downloads"),
      benchmark: title(`${files.length} downloads, slowest: ${worst.file}`),
      met: each.every((e) => e.row.met === true),
      values: { ...worst.row.values, files: files.length, failedTargets: each.filter((e) => e.row.met !== true).length },
      note: `each download's median (server CPU per request), size, ÷ /account: ${each
        .map((e) => `${e.file} ${e.row.measured} ${e.row.ratio?.toFixed(2)}×`)
        .join("; ")}`,
    };
  });
  await step("reproducibility package", async () => {
    const pkg = await beside(p, `/api/audits/${a.auditId}/package`, organizer, s.downloadRounds, { check: isBody });
    if (!ratingsLong) throw new Error("no ratings-long.csv among the downloads: no CLI baseline");
    const cli = await cliAgreement(ratingsLong, s.downloadRounds);
    return besideRow({
      key: key("package"),
      benchmark: title("reproducibility package"),
      subject: pkg.subject,
      baseline: cli,
      baselineLabel: "`clinaudit agreement ratings-long.csv`",
      limit: 2,
      target: "≤ 2× CLI agreement",
      note: `the package's /account beside it: ${describeSeries(pkg.account, false)}; the CLI is a child process (Node's start included) on the ratings-long.csv downloaded above (${(ratingsLong as Buffer).length.toLocaleString("en")} bytes)`,
    });
  });
  // An organizer adjudicates an open audit; a clinician adjudicator only a closed one (closed for these rows, then reopened).
  const list = `${audit}/adjudicate`;
  const isList: Check = (status, body) => isPage(status, body) && body.includes('data-testid="adjudication-queue"');
  await step("adjudication list (organizer, open audit)", async () =>
    row("adjudicate", "adjudication list (organizer, open audit)", await beside(p, list, organizer, s.rounds, { check: isList }), 2),
  );
  await ctx.change(a.auditId, "close");
  try {
    await step("adjudication list (adjudicator, closed audit)", async () =>
      row(
        "adjudicate-closed",
        "adjudication list (clinician adjudicator, closed audit)",
        await beside(p, list, adjudicator, s.rounds, { check: isList }),
        2,
      ),
    );
  } finally {
    await ctx.change(a.auditId, "reopen");
  }
  return rows;
}

/** The bystander (rater 2) loads their case page idle, while the organizer loops over the heavy requests, and idle again. */
export async function bystander(ctx: FamilyContext, a: ReviewAudit, label: string): Promise<BenchRow> {
  const { probe: p, s } = ctx;
  const me = await signIn(p.base, a.emails.raters[1]!, ctx.world.password);
  const organizer = await signIn(p.base, a.emails.organizer, ctx.world.password);
  const page = `/review/${a.bystanderAssignment}`;
  const idle = emptySeries();
  await sampleInto(p, emptySeries(), page, me, isPage);
  // Idle half before and half after the loaded loads: a machine shared with others drifts.
  const idleLoads = async () => {
    for (let i = 0; i < s.bystander / 2; i++) await sampleInto(p, idle, page, me, isPage);
  };
  await idleLoads();
  const dashboard = await sampleInto(p, emptySeries(), `/audits/${a.auditId}/dashboard`, organizer, isPage);
  const files = exportLinks(dashboard?.toString("utf8") ?? "", a.auditId);
  // The corrected benchmark's status starts its build (the state changed by the revision below):
  // it runs beside the rest of the loop, as after an adjudicator's save.
  const heavy = [
    `/api/audits/${a.auditId}/corrected`,
    `/audits/${a.auditId}/dashboard`,
    `/api/audits/${a.auditId}/package`,
    ...files.map((f) => `/api/audits/${a.auditId}/export/${f}`),
  ];
  const loaded = emptySeries();
  const heavySeries = emptySeries();
  const cpu = () => Number.NaN; // the two streams overlap: no per-request CPU
  const quiet: Probe = { base: p.base, cpuMs: cpu };
  const mine = (async () => {
    // Let the heavy loop start first.
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < s.bystander; i++) await sampleInto(quiet, loaded, page, me, isPage);
  })();
  const loops = await loopUntil(mine, async () => {
    await ctx.change(a.auditId);
    await ctx.change(a.auditId, "adjudicate");
    for (const h of heavy) {
      const check: Check = h.includes("/api/") ? isBody : isPage;
      await sampleInto(quiet, heavySeries, h, organizer, check);
    }
  });
  await mine;
  await idleLoads();
  return p95Row({
    key: `review-full.${ctx.engine.toLowerCase()}.bystander`,
    benchmark: `${ctx.engine}, ${label}: bystander's case page while the dashboard, package, corrected build and downloads run`,
    subject: loaded,
    baseline: idle,
    limit: 2,
    target: "p95 ≤ 2× idle",
    note: `rater 2's case page, ${s.bystander} loads one after the other while the organizer loops (${loops} loop(s) of: a rating change, an adjudication revised — the corrected benchmark built again —, the dashboard — a first load —, the package, the ${files.length} downloads; ${heavySeries.ms.length} heavy requests, ${heavySeries.errors} failed), beside ${idle.ms.length} idle loads, half before and half after${loaded.errors + idle.errors ? `; ${loaded.errors + idle.errors} bystander loads failed` : ""}`,
  });
}

/** `n` → next: rater 1's case page of the same item in the full audit and in the 100-item audit, interleaved. */
async function nextCase(ctx: FamilyContext): Promise<BenchRow> {
  const { probe: p, world, s } = ctx;
  const full = await signIn(p.base, world.notes.emails.raters[0]!, world.password);
  const small = await signIn(p.base, world.notes100.emails.raters[0]!, world.password);
  const at = { full: emptySeries(), small: emptySeries() };
  const pages = { full: `/review/${world.notes.caseAssignment}`, small: `/review/${world.notes100.caseAssignment}` };
  await sampleInto(p, emptySeries(), pages.full, full, isPage);
  await sampleInto(p, emptySeries(), pages.small, small, isPage);
  for (let i = 0; i < s.rounds * 2; i++) {
    await sampleInto(p, at.small, pages.small, small, isPage);
    await sampleInto(p, at.full, pages.full, full, isPage);
  }
  return besideRow({
    key: `review-full.${ctx.engine.toLowerCase()}.next-case`,
    benchmark: `${ctx.engine}: \`n\` → next case, ${n(world.notes.items)} × 3 against 100 × 3 (the same conversation)`,
    subject: at.full,
    baseline: at.small,
    baselineLabel: "100 items",
    limit: 1.2,
    target: "≤ 1.2× at 100 items",
  });
}

export async function familyRows(ctx: FamilyContext): Promise<BenchRow[]> {
  const { world } = ctx;
  const rows: BenchRow[] = [];
  const guard = async (what: string, f: () => Promise<BenchRow[]>) => {
    try {
      rows.push(...(await f()));
    } catch (error) {
      log(`${what} failed: ${(error as Error).message}`);
      rows.push(failedRow(`review-full.${ctx.engine.toLowerCase()}.${what}`, `${ctx.engine}: ${what}`, "—", error));
    }
  };
  const notes = `notes ${n(world.notes.items)} conversations × 3`;
  const ehr = `decision points ${n(world.ehr.items)} × 3`;
  await guard("notes", () => auditRows(ctx, world.notes, notes));
  await guard("ehr", () => auditRows(ctx, world.ehr, ehr));
  await guard("next-case", async () => [await nextCase(ctx)]);
  await guard("bystander", async () => [await bystander(ctx, world.notes, notes)]);
  return rows;
}
