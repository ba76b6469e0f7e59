// A case page the browser fetches ahead (the next case and the one after, prefetched while the
// rater reads the current one): the render is logged as "case.sent", never as a view; the view is
// logged when the browser shows the page (confirmCaseOpen), which also says whether the page's
// state is still the server's (a rating saved in another tab after the prefetch makes it stale).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import { flushAccessLog } from "@/lib/server/access-log/log";
import { confirmCaseOpen, loadCasePage } from "@/lib/server/review/case-page";
import { saveRating } from "@/lib/server/review/save-rating";
import { drawAudit, seedAudit } from "@/tests/support/world";
import { BENCHMARK } from "./backup-world";
import { DATABASES, freshDb } from "./databases";

describe.each(DATABASES)("prefetched case pages on $name", (database) => {
  let db: Db;
  let rater: string;
  let other: string;
  let team: { datasetId: string; organizerId: string };
  let queue: string[];
  beforeAll(async () => {
    db = await freshDb(database);
    const { datasetId, organizer, raters, audit } = await seedAudit(db, {
      benchmark: BENCHMARK,
      raters: ["c1", "c2"],
      items: 5,
      seed: "p",
      name: "Prefetch",
    });
    [rater, other] = raters.map((r) => r.id) as [string, string];
    team = { datasetId, organizerId: organizer.id };
    const rows = await db.assignment.findMany({
      where: { auditId: audit.id, userId: rater },
      orderBy: [{ reviewPosition: "asc" }, { auditItem: { sampleOrder: "asc" } }],
      select: { id: true },
    });
    queue = rows.map((r) => r.id);
  }, 120_000);
  afterAll(async () => {
    await db.$disconnect();
    for (const d of DATABASES) await d.dropAll();
  });

  const events = async (assignmentId: string) => {
    await flushAccessLog(db);
    const auditItemId = (await db.assignment.findUniqueOrThrow({ where: { id: assignmentId } })).auditItemId;
    return (await db.accessEvent.findMany({ where: { userId: rater, auditItemId }, orderBy: { at: "asc" } })).map((e) => e.action);
  };

  it("names the next case and the one after, and logs a render for the router as sent, not viewed", async () => {
    const page = (await loadCasePage(db, rater, queue[1]!, { recordDir: null, sent: true }))!;
    expect(page.nextAssignmentId).toBe(queue[2]);
    expect(page.followingAssignmentId).toBe(queue[3]);
    const last = (await loadCasePage(db, rater, queue[4]!, { recordDir: null, sent: true }))!;
    // Wrapping: after the last come the first two (never the case itself).
    expect([last.nextAssignmentId, last.followingAssignmentId]).toEqual([queue[0], queue[1]]);
    expect(await events(queue[1]!)).toEqual(["case.sent"]);
  });

  it("logs the view when the browser shows the page, and says whether its state is still current", async () => {
    const page = (await loadCasePage(db, rater, queue[2]!, { recordDir: null, sent: true }))!;
    expect(await confirmCaseOpen(db, rater, { assignmentId: queue[2]!, stamp: page.stamp, logView: true }, null)).toEqual({
      current: true,
    });
    expect(await events(queue[2]!)).toEqual(["case.sent", "case.view"]);

    // Another tab rates the case after it was sent: the kept page is stale.
    await saveRating(db, rater, { assignmentId: queue[2]!, dimension: "gold", category: "correct", expectedVersion: 0 });
    expect(await confirmCaseOpen(db, rater, { assignmentId: queue[2]!, stamp: page.stamp, logView: false }, null)).toEqual({
      current: false,
    });
    const fresh = (await loadCasePage(db, rater, queue[2]!, { recordDir: null }))!;
    expect(fresh.stamp).not.toBe(page.stamp);
    expect(await confirmCaseOpen(db, rater, { assignmentId: queue[2]!, stamp: fresh.stamp, logView: false }, null)).toEqual({
      current: true,
    });
    expect(await events(queue[2]!)).toEqual(["case.sent", "case.view", "case.view"]);
  });

  it("a case the queue moved past is stale too: its next case is no longer open", async () => {
    const page = (await loadCasePage(db, rater, queue[0]!, { recordDir: null, sent: true }))!;
    expect(page.nextAssignmentId).toBe(queue[1]);
    for (const d of DEFAULT_RUBRIC)
      await saveRating(db, rater, { assignmentId: queue[1]!, dimension: d.key, category: d.categories[0]!.key, expectedVersion: 0 });
    expect(await confirmCaseOpen(db, rater, { assignmentId: queue[0]!, stamp: page.stamp, logView: true }, null)).toEqual({
      current: false,
    });
  });

  it("refuses another rater's case, and logs nothing for it", async () => {
    const page = (await loadCasePage(db, rater, queue[3]!, { recordDir: null, sent: true }))!;
    await expect(confirmCaseOpen(db, other, { assignmentId: queue[3]!, stamp: page.stamp, logView: true }, null)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await flushAccessLog(db);
    expect(await db.accessEvent.count({ where: { userId: other } })).toBe(0);
  });

  it("never prefetches a case that would bring this patient's records past this case's cutoff", async () => {
    // The whole benchmark, so that patients have several decision points (in cutoff order in each
    // rater's queue): a later one of the same patient is fetched when opened, not ahead.
    const audit = (await drawAudit(db, { ...team, raterIds: [rater] }, { items: "all", seed: "h", name: "Hindsight" })).audit;
    const mine = await db.assignment.findMany({
      where: { auditId: audit.id, userId: rater },
      select: { id: true, auditItem: { select: { item: { select: { patientId: true, cutoffTime: true } } } } },
    });
    const itemOf = new Map(mine.map((a) => [a.id, a.auditItem.item]));
    // The seeded review order keeps each patient's decision points in cutoff order but not always
    // side by side (the seed mixes in the rater's random id). Put them side by side, so that a
    // case's next or following one is the same patient's later decision point.
    const byPatient = mine
      .map((a) => ({ id: a.id, ...a.auditItem.item }))
      .sort((a, b) => a.patientId.localeCompare(b.patientId) || a.cutoffTime!.getTime() - b.cutoffTime!.getTime());
    for (const [position, a] of byPatient.entries())
      await db.assignment.update({ where: { id: a.id }, data: { reviewPosition: position + 1 } });
    let held = 0;
    for (const { id } of mine) {
      const page = (await loadCasePage(db, rater, id, { recordDir: null, sent: true }))!;
      const here = itemOf.get(id)!;
      const past = (other: string) => {
        const next = itemOf.get(other)!;
        return next.patientId === here.patientId && next.cutoffTime! > here.cutoffTime!;
      };
      const ahead = [page.nextAssignmentId, page.followingAssignmentId].filter((x): x is string => x !== null);
      expect(page.prefetch).toEqual(ahead.filter((x) => !past(x)));
      held += ahead.filter(past).length;
    }
    expect(held).toBeGreaterThan(0);
  }, 120_000);
});
