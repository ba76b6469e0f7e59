// Review order without hindsight, time on task, and the discussion flag, end to end on the server:
// createAudit records the rule, assignClinicians stores each rater's positions, the queue follows
// them; active time is bounded and reaches progress, the snapshot and the exports; flags and undo
// land in the audit trail and in progress.
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { paragraph, computeAuditReport, timeOnTaskCsv } from "@/lib/reports";
import { auditProgress } from "@/lib/server/audits/progress";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { MAX_REPORT_MS } from "@/lib/schemas/review";
import { recordActiveTime, REPORT_SLACK_MS } from "@/lib/server/review/active-time";
import { setFlag } from "@/lib/server/review/flag";
import { nextUnrated, reviewQueue } from "@/lib/server/review/queue";
import { saveRating } from "@/lib/server/review/save-rating";
import { generateEhrBundle } from "@/lib/synth";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, target } from "./databases";

const BENCHMARK = JSON.stringify(generateEhrBundle({ seed: "order-test", size: "demo" }).bundle);

async function world(db: Db, reviewOrder: "per-rater" | "shared") {
  const w = await seedAudit(db, {
    benchmark: BENCHMARK,
    raters: ["a", "b", "c"],
    items: "all",
    name: "Order",
    seed: "hindsight",
    reviewOrder,
  });
  return { organizer: w.organizer.id, raters: w.raters.map((r) => r.id), audit: w.audit };
}

/** The rater's queue as [patient, cutoff ms, external id] in order. */
async function queueOf(db: Db, userId: string) {
  const [queue] = await reviewQueue(db, userId);
  const rows = await db.assignment.findMany({
    where: { id: { in: queue!.items.map((i) => i.assignmentId) } },
    select: { id: true, auditItem: { select: { item: { select: { patientId: true, cutoffTime: true } } } } },
  });
  const byId = new Map(rows.map((r) => [r.id, r.auditItem.item]));
  return queue!.items.map((i) => ({
    ...i,
    patientId: byId.get(i.assignmentId)!.patientId,
    cutoff: +byId.get(i.assignmentId)!.cutoffTime!,
  }));
}

const inCutoffOrder = (q: { patientId: string; cutoff: number }[]) =>
  [...new Set(q.map((i) => i.patientId))].every((p) => {
    const cut = q.filter((i) => i.patientId === p).map((i) => i.cutoff);
    return cut.every((c, k) => k === 0 || cut[k - 1]! <= c);
  });

describe.each(DATABASES)("review order, time on task and flags on $name", (database) => {
  afterAll(() => database.dropAll());
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("gives each rater their own order with one patient's decision points in cutoff order", async () => {
    const db = await freshDb();
    const { raters, audit } = await world(db, "per-rater");
    const queues = await Promise.all(raters.map((r) => queueOf(db, r)));
    // The benchmark has patients with several decision points, so the property is not vacuous.
    const perPatient = new Map<string, number>();
    for (const i of queues[0]!) perPatient.set(i.patientId, (perPatient.get(i.patientId) ?? 0) + 1);
    expect(Math.max(...perPatient.values())).toBeGreaterThan(1);
    for (const q of queues) {
      expect(inCutoffOrder(q)).toBe(true);
      expect(q.map((i) => i.position)).toEqual(q.map((_, k) => k + 1));
    }
    expect(new Set(queues.map((q) => q.map((i) => i.externalId).join())).size).toBe(3);
    // The rule is recorded with the audit, and nextUnrated follows the rater's order.
    const stored = await db.audit.findUniqueOrThrow({ where: { id: audit.id }, select: { sampling: true } });
    expect((stored.sampling as { reviewOrder: unknown }).reviewOrder).toEqual({
      algorithm: "shuffle-then-cutoff-within-patient",
      version: 1,
      mode: "per-rater",
    });
    expect(nextUnrated(queues[0]!, queues[0]![0]!.assignmentId)?.assignmentId).toBe(queues[0]![1]!.assignmentId);
    const report = computeAuditReport((await loadAuditSnapshot(db, audit.id))!);
    expect(paragraph(report)).toContain("Each clinician rated the items in their own random order (shuffle-then-cutoff-within-patient v1");
  });

  it("shares one order when the audit says so", async () => {
    const db = await freshDb();
    const { raters } = await world(db, "shared");
    const queues = await Promise.all(raters.map((r) => queueOf(db, r)));
    expect(new Set(queues.map((q) => q.map((i) => i.externalId).join())).size).toBe(1);
    expect(inCutoffOrder(queues[0]!)).toBe(true);
  });

  it("bounds reported active time, and shows it in progress, the snapshot, the CSV and the paragraph", async () => {
    const db = await freshDb();
    const { raters, audit } = await world(db, "per-rater");
    const [first, second] = (await reviewQueue(db, raters[0]!))[0]!.items;
    // First report of an assignment: at most MAX_REPORT_MS; a second one at once: only the slack.
    expect(await recordActiveTime(db, raters[0]!, { assignmentId: first!.assignmentId, ms: MAX_REPORT_MS })).toEqual({
      activeMs: MAX_REPORT_MS,
    });
    const after = await recordActiveTime(db, raters[0]!, { assignmentId: first!.assignmentId, ms: 60_000 });
    expect(after.activeMs - MAX_REPORT_MS).toBeGreaterThan(0);
    expect(after.activeMs - MAX_REPORT_MS).toBeLessThanOrEqual(REPORT_SLACK_MS + 1_000);
    // Someone else's assignment is not found.
    await expect(recordActiveTime(db, raters[1]!, { assignmentId: first!.assignmentId, ms: 1000 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await recordActiveTime(db, raters[0]!, { assignmentId: second!.assignmentId, ms: 120_000 });
    for (const item of [first!, second!])
      await saveRating(db, raters[0]!, { assignmentId: item.assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 });

    const progress = await auditProgress(db, audit.id);
    const mine = progress!.clinicians.find((c) => c.userId === raters[0])!;
    expect(mine.activeMs).toBe(after.activeMs + 120_000);
    expect(mine.medianActiveMs).toBe((after.activeMs + 120_000) / 2);
    const snapshot = (await loadAuditSnapshot(db, audit.id))!;
    const report = computeAuditReport(snapshot);
    expect(report.audit.timeOnTask).toMatchObject({ measured: 2, medianMinutes: (after.activeMs + 120_000) / 2 / 60_000 });
    expect(paragraph(report)).toMatch(/each clinician spent a median of \d+\.\d minutes per case/);
    const csv = timeOnTaskCsv(snapshot);
    expect(csv.split("\n")[0]).toBe("item,rater,active_seconds,flagged,rated");
    expect(csv).toContain(`${first!.externalId},R1,${(after.activeMs / 1000).toFixed(1)},false,true`);
  });

  it("records flags and their undo in the trail and shows them in progress", async () => {
    const db = await freshDb();
    const { raters, audit } = await world(db, "per-rater");
    const [item] = (await reviewQueue(db, raters[1]!))[0]!.items;
    expect(await setFlag(db, raters[1]!, { assignmentId: item!.assignmentId, flagged: true })).toEqual({ flagged: true });
    expect((await auditProgress(db, audit.id))!.flaggedItems).toEqual([
      { externalId: item!.externalId, sampleOrder: item!.sampleOrder, by: ["b@example.org"] },
    ]);
    expect((await reviewQueue(db, raters[1]!))[0]!.items[0]!.flagged).toBe(true);
    await setFlag(db, raters[1]!, { assignmentId: item!.assignmentId, flagged: false, undo: true });
    await saveRating(db, raters[1]!, { assignmentId: item!.assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 });
    await saveRating(db, raters[1]!, {
      assignmentId: item!.assignmentId,
      dimension: "gold",
      category: null,
      expectedVersion: 1,
      undo: true,
    });
    const trail = await db.auditEvent.findMany({
      where: { entityId: item!.assignmentId },
      orderBy: { at: "asc" },
      select: { action: true, before: true, after: true },
    });
    expect(trail.map((e) => e.action)).toEqual(["flag.set", "flag.undo", "rating.save", "rating.undo"]);
    expect(trail[1]).toMatchObject({ before: { flagged: true }, after: { flagged: false } });
    expect((await auditProgress(db, audit.id))!.flagged).toBe(0);
  });

  it("keeps a rater's queue until something it shows changes", async () => {
    const db = await freshDb();
    const { organizer, raters, audit } = await world(db, "per-rater");
    const items = async (rater = raters[0]!) => (await reviewQueue(db, rater))[0]!.items;
    const first = await items();
    expect(await items()).toBe(first); // kept, not read again
    const [item] = first;
    const other = (await items(raters[1]!))[0]!;
    await saveRating(db, raters[1]!, { assignmentId: other.assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 });
    expect(await items()).toBe(first); // another rater's save is not this rater's queue

    await saveRating(db, raters[0]!, { assignmentId: item!.assignmentId, dimension: "gold", category: "correct", expectedVersion: 0 });
    expect((await items())[0]).toMatchObject({ assignmentId: item!.assignmentId, status: "in-progress" });
    await saveRating(db, raters[0]!, {
      assignmentId: item!.assignmentId,
      dimension: "gold",
      category: null,
      expectedVersion: 1,
      undo: true,
    });
    expect((await items())[0]!.status).toBe("todo");
    // A flag and its undo within one clock tick still show.
    await setFlag(db, raters[0]!, { assignmentId: item!.assignmentId, flagged: true });
    expect((await items())[0]!.flagged).toBe(true);
    await setFlag(db, raters[0]!, { assignmentId: item!.assignmentId, flagged: false, undo: true });
    expect((await items())[0]!.flagged).toBe(false);
    // A change stamped earlier than anything the catch-up looks at (another server's clock far
    // behind) does not add up to the ratings' totals: the queue is read whole, and shows it.
    await saveRating(db, raters[0]!, { assignmentId: item!.assignmentId, dimension: "gold", category: "correct", expectedVersion: 2 });
    expect((await items())[0]!.status).toBe("in-progress");
    await db.rating.updateMany({
      where: { assignmentId: item!.assignmentId, dimension: "gold" },
      data: { category: null, version: { increment: 1 }, updatedAt: new Date(0) },
    });
    await db.assignment.update({ where: { id: item!.assignmentId }, data: { lastActivityAt: new Date(0) } });
    expect((await items())[0]!.status).toBe("todo");
    // Closing the audit shows at once; the items are the same.
    await setAuditStatus(db, organizer, audit.id, "close");
    expect((await reviewQueue(db, raters[0]!))[0]!.status).toBe("CLOSED");
  });
});
