// A latent-class interval computed in the background changes the audit's version (the dashboard
// must show it), but nothing else the report is computed from: the report thread takes it into the
// report it kept instead of reading and computing every rating again.
import { afterAll, describe, expect, it } from "vitest";
import { computeAuditReport } from "@/lib/reports";
import type { KeptLatentInterval } from "@/lib/reports/snapshot";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { dashboardVersion, sameButIntervals } from "@/lib/server/reports/dashboard-version";
import { saveLatentInterval } from "@/lib/server/reports/latent-interval/rows";
import { intervalTasks, snapshotReport } from "@/lib/server/reports/thread/work";
import { saveRating } from "@/lib/server/review/save-rating";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

function interval(dimension: string, inputs: string): KeptLatentInterval {
  return {
    dimension,
    inputs,
    interval: {
      estimate: 0.1,
      ciLower: 0.05,
      ciUpper: 0.2,
      level: 0.95,
      replicates: 2,
      used: 2,
      seed: "s",
      stream: "latent-class",
      prng: "xoshiro256** v1",
      quantile: "type 7",
    } as KeptLatentInterval["interval"],
    values: Float64Array.from([0.05, 0.2]),
  };
}

describe.each(DATABASES)("a report whose only change is a kept interval, on $name", (database) => {
  afterAll(() => database.dropAll());

  it("is the kept report with the interval taken in, the same as computed from every rating", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const v1 = await dashboardVersion(db, audit.id);
      const first = (await snapshotReport(db, audit.id, v1))!;
      const gold = first.report.dimensions.find((d) => d.key === "gold")!.latentClass!.errorRate!;
      expect(gold.interval).toBeNull();

      await saveLatentInterval(db, audit.id, interval("gold", gold.intervalInputs), 1);
      const v2 = await dashboardVersion(db, audit.id);
      expect(v2).not.toBe(v1);
      expect(sameButIntervals(v1, v2)).toBe(true);
      const second = (await snapshotReport(db, audit.id, v2))!;
      // Not read again: the kept snapshot's ratings, with the interval in the report.
      expect(second.snapshot.ratings).toBe(first.snapshot.ratings);
      expect(second.report.dimensions.find((d) => d.key === "gold")!.latentClass!.errorRate!.interval).toMatchObject({ ciLower: 0.05 });
      const fresh = (await loadAuditSnapshot(db, audit.id))!;
      expect(JSON.stringify(second.report)).toBe(JSON.stringify(computeAuditReport(fresh)));
      expect(second.snapshot.latentIntervals?.map((k) => k.dimension)).toEqual(["gold"]);

      // A saved rating is a change of the ratings: read and computed again.
      const rater = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: rater.id, ratings: { none: {} } } });
      await saveRating(db, rater.id, { assignmentId: assignment.id, dimension: "gold", category: "correct", expectedVersion: 0 });
      const v3 = await dashboardVersion(db, audit.id);
      expect(sameButIntervals(v2, v3)).toBe(false);
      const third = (await snapshotReport(db, audit.id, v3))!;
      expect(third.snapshot.ratings).not.toBe(first.snapshot.ratings);
      expect(third.snapshot.ratings).toHaveLength(first.snapshot.ratings.length + 1);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);

  it("gives the interval tasks fitted once per version of the ratings, kept across a kept interval", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const first = (await intervalTasks(db, audit.id))!;
      const gold = first.find((t) => t.dimension === "gold")!;
      // Slim (the bootstrap's part of the model), and the inputs the report asks an interval for.
      expect(Object.keys(gold.model).sort()).toEqual(["patterns", "raw", "weights"]);
      const report = (await snapshotReport(db, audit.id, await dashboardVersion(db, audit.id)))!.report;
      expect(gold.inputs).toBe(report.dimensions.find((d) => d.key === "gold")!.latentClass!.errorRate!.intervalInputs);
      // Asked again, and after an interval is kept: the same tasks, not fitted again.
      expect(await intervalTasks(db, audit.id)).toBe(first);
      await saveLatentInterval(db, audit.id, interval("gold", gold.inputs), 1);
      expect(await intervalTasks(db, audit.id)).toBe(first);
      // A rating saved: fitted again, for the new inputs.
      const rater = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: rater.id, ratings: { none: {} } } });
      await saveRating(db, rater.id, { assignmentId: assignment.id, dimension: "gold", category: "correct", expectedVersion: 0 });
      const after = (await intervalTasks(db, audit.id))!;
      expect(after).not.toBe(first);
      expect(after.find((t) => t.dimension === "gold")!.inputs).not.toBe(gold.inputs);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
