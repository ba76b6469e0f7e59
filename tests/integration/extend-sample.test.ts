// Extending an audit's sample on the server: the new items continue the seeded draw, existing
// items, assignments and ratings are byte-for-byte unchanged, the new items reach the raters by the
// audit's design with review positions after every existing one, and the extension is recorded in
// the audit, the trail and the appendix paragraph.
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { computeAuditReport, paragraph } from "@/lib/reports";
import { drawSample, storedExtensions } from "@/lib/sampling";
import { extendAuditSample, planExtension } from "@/lib/server/audits/extend-sample";
import { sampleComposition, samplingFrame, STRATA_KEYS } from "@/lib/server/audits/sampling-frame";
import { describeComposition } from "@/lib/sampling/composition";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveRating } from "@/lib/server/review/save-rating";
import { AppError } from "@/lib/server/errors";
import { generateEhrBundle } from "@/lib/synth";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, target } from "./databases";

const BENCHMARK = JSON.stringify(generateEhrBundle({ seed: "extend-test", size: "demo" }).bundle);

async function world(db: Db, options: { strata?: ("chapter" | "level")[]; design?: "FULLY_CROSSED" | "BALANCED" } = {}) {
  const w = await seedAudit(db, {
    benchmark: BENCHMARK,
    raters: ["a", "b", "c"],
    items: 8,
    name: "Extend",
    seed: "grow",
    ratersPerItem: 2,
    ...options,
  });
  return { organizer: w.organizer.id, raters: w.raters.map((r) => r.id), audit: w.audit, datasetId: w.datasetId };
}

/** Every stored column of the audit's items, assignments and ratings, as one string. */
async function rows(db: Db, auditId: string) {
  const [items, assignments, ratings] = await Promise.all([
    db.auditItem.findMany({ where: { auditId }, orderBy: { id: "asc" } }),
    db.assignment.findMany({ where: { auditId }, orderBy: { id: "asc" } }),
    db.rating.findMany({ where: { assignment: { auditId } }, orderBy: { id: "asc" } }),
  ]);
  return { items, assignments, ratings, text: JSON.stringify([items, assignments, ratings]) };
}

describe.each(DATABASES)("extending a sample on $name", (database) => {
  afterAll(() => database.dropAll());
  async function freshDb() {
    const url = await database.create();
    await applyMigrations(target(url));
    return createDb(url);
  }

  it("keeps every existing row and continues the seeded draw for every rater", async () => {
    const db = await freshDb();
    const { organizer, raters, audit, datasetId } = await world(db);
    const [queue] = await reviewQueue(db, raters[0]!);
    for (const item of queue!.items.slice(0, 3))
      await saveRating(db, raters[0]!, { assignmentId: item.assignmentId, dimension: "gold", category: "incorrect", expectedVersion: 0 });
    await db.assignment.update({ where: { id: queue!.items[0]!.assignmentId }, data: { comment: "check the dating", commentVersion: 1 } });
    const before = await rows(db, audit.id);
    // The audit page's composition is kept per sample size: the extension shows in it.
    const composed = await sampleComposition(db, { id: audit.id, datasetId });
    expect(await sampleComposition(db, { id: audit.id, datasetId })).toBe(composed);

    const plan = await extendAuditSample(db, organizer, { auditId: audit.id, add: 4, fromSize: 8 }, new Date("2026-12-01T10:00:00Z"));
    expect(plan).toMatchObject({ fromSize: 8, toSize: 12 });
    const after = await rows(db, audit.id);
    // Nothing that existed changed, byte for byte.
    const kept = (list: { id: string }[], ids: Set<string>) => list.filter((r) => ids.has(r.id));
    expect(
      JSON.stringify([
        kept(after.items, new Set(before.items.map((r) => r.id))),
        kept(after.assignments, new Set(before.assignments.map((r) => r.id))),
        after.ratings,
      ]),
    ).toBe(before.text);
    expect(after.ratings).toHaveLength(3);

    // The sample is what a draw of 12 gives, its first 8 where they were.
    const { frame } = await samplingFrame(db, datasetId);
    const sampled = await db.auditItem.findMany({
      where: { auditId: audit.id },
      orderBy: { sampleOrder: "asc" },
      select: { sampleOrder: true, item: { select: { externalId: true } } },
    });
    expect(sampled.map((s) => s.item.externalId)).toEqual(drawSample({ frame, size: 12, seed: "grow" }).ids);
    expect(sampled.map((s) => s.sampleOrder)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await sampleComposition(db, { id: audit.id, datasetId })).toEqual(
      describeComposition({ ids: sampled.map((s) => s.item.externalId) }, frame, [...STRATA_KEYS]),
    );

    // Each rater got the 4 new items, at positions 9–12 of their queue.
    for (const rater of raters) {
      const [q] = await reviewQueue(db, rater);
      expect(q!.items).toHaveLength(12);
      const fresh = q!.items.filter((i) => plan.added.includes(i.externalId));
      expect(fresh.map((i) => i.position).sort((a, b) => a - b)).toEqual([9, 10, 11, 12]);
    }

    // Recorded: the audit, the trail, the paragraph.
    const stored = await db.audit.findUniqueOrThrow({ where: { id: audit.id }, select: { sampleSize: true, sampling: true } });
    expect(stored.sampleSize).toBe(12);
    expect(storedExtensions(stored.sampling)).toEqual([
      expect.objectContaining({ fromSize: 8, toSize: 12, at: "2026-12-01T10:00:00.000Z", assignments: 12 }),
    ]);
    const trail = await db.auditEvent.findFirstOrThrow({ where: { action: "audit.extend-sample", entityId: audit.id } });
    expect(trail.before).toEqual({ sampleSize: 8 });
    expect(trail.after).toMatchObject({ sampleSize: 12, added: plan.added, assignments: 12 });
    const text = paragraph(computeAuditReport((await loadAuditSnapshot(db, audit.id))!));
    expect(text).toContain("The sample was extended from 8 to 12 items on 2026-12-01 by drawing 4 more items from the same seeded frame");

    // A second extension continues from 12; the stale size is refused, as is a closed audit.
    await expect(extendAuditSample(db, organizer, { auditId: audit.id, add: 2, fromSize: 8 })).rejects.toMatchObject({ code: "CONFLICT" });
    await extendAuditSample(db, organizer, { auditId: audit.id, add: 2, fromSize: 12 });
    const again = await db.auditItem.findMany({
      where: { auditId: audit.id },
      orderBy: { sampleOrder: "asc" },
      select: { item: { select: { externalId: true } } },
    });
    expect(again.map((s) => s.item.externalId)).toEqual(drawSample({ frame, size: 14, seed: "grow" }).ids);
    await setAuditStatus(db, organizer, audit.id, "close");
    await expect(planExtension(db, audit.id, 1)).rejects.toBeInstanceOf(AppError);
  });

  it("extends a stratified, balanced audit per stratum with k raters per new item", async () => {
    const db = await freshDb();
    const { organizer, audit } = await world(db, { strata: ["chapter"], design: "BALANCED" });
    const before = await rows(db, audit.id);
    const plan = await extendAuditSample(db, organizer, { auditId: audit.id, add: 6, fromSize: 8 });
    const after = await rows(db, audit.id);
    expect(after.items.filter((r) => before.items.some((b) => b.id === r.id))).toEqual(before.items);
    expect(after.assignments.filter((r) => before.assignments.some((b) => b.id === r.id))).toEqual(before.assignments);
    const fresh = after.assignments.filter((a) => !before.assignments.some((b) => b.id === a.id));
    expect(fresh).toHaveLength(12);
    const perItem = new Map<string, number>();
    for (const a of fresh) perItem.set(a.auditItemId, (perItem.get(a.auditItemId) ?? 0) + 1);
    expect([...perItem.values()]).toEqual([2, 2, 2, 2, 2, 2]);
    expect(plan.allocation.reduce((n, a) => n + a.allocated, 0)).toBe(14);
    // Loads over the whole audit stay within one item of each other.
    const loads = new Map<string, number>();
    for (const a of after.assignments) loads.set(a.userId, (loads.get(a.userId) ?? 0) + 1);
    expect(Math.max(...loads.values()) - Math.min(...loads.values())).toBeLessThanOrEqual(1);
  });
});
