// Model-guided sampling on the server (issue #34 part 2), on SQLite and PostgreSQL: an audit drawn
// by model disagreement records its design and each item's stratum, re-draws identically from the
// recorded seed, refuses an extension, reports the design-weighted error rate beside the majority
// vote, and shows a rater nothing of the predictions, the strata or the design.
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import type { Db } from "@/lib/db/client";
import { computeAuditReport, paragraph, reportJson } from "@/lib/reports";
import { shownReport } from "@/lib/reports/shown";
import { drawModelStratifiedSample, stratumOf } from "@/lib/sampling";
import { assignClinicians } from "@/lib/server/audits/assign";
import { createAudit } from "@/lib/server/audits/create-audit";
import { exportAuditBackup } from "@/lib/server/backup/export-audit";
import { restoreAudit } from "@/lib/server/backup/restore-audit";
import { planExtension } from "@/lib/server/audits/extend-sample";
import { modelDisagreementFrame, previewModelGuided } from "@/lib/server/audits/model-strata";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { AppError } from "@/lib/server/errors";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { loadCasePage } from "@/lib/server/review/case-page";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveRating } from "@/lib/server/review/save-rating";
import { drawAudit } from "@/tests/support/world";
import { DATABASES, freshDb } from "./databases";
import { team, world } from "./model-guided-world";

const ALLOCATION = { rule: "oversample" as const, factor: 3 };

describe.each(DATABASES)("model-guided sampling on $name", (database) => {
  // The restore case makes databases of both engines; dropping them waits for other files' load.
  afterAll(async () => {
    for (const d of DATABASES) await d.dropAll();
  }, 60_000);

  it("records the design, re-draws it, refuses an extension and reports the weighted rate", async () => {
    const db = await freshDb(database);
    const w = await world(db);
    const { items } = await modelDisagreementFrame(db, w.datasetId, w.setId);
    const byStratum = new Map<string, number>();
    for (const it of items)
      byStratum.set(stratumOf(it.models, it.disagreeing), (byStratum.get(stratumOf(it.models, it.disagreeing)) ?? 0) + 1);
    // The synthetic models are informative enough to fill more than one stratum.
    expect(byStratum.size).toBeGreaterThan(1);

    const audit = await createAudit(db, w.organizer, {
      name: "Suspect first",
      datasetId: w.datasetId,
      size: 12,
      seed: "suspect",
      strata: [],
      rubric: DEFAULT_RUBRIC,
      modelGuided: { predictionSetId: w.setId, allocation: ALLOCATION },
    });
    const stored = await db.audit.findUniqueOrThrow({ where: { id: audit.id }, select: { modelDesign: true, sampleSize: true } });
    const design = stored.modelDesign as {
      predictionSet: { id: string };
      allocationRule: unknown;
      allocation: { key: string; population: number; allocated: number }[];
    };
    expect(design.predictionSet.id).toBe(w.setId);
    expect(design.allocationRule).toEqual(ALLOCATION);
    expect(design.allocation.map((a) => [a.key, a.population])).toEqual([...byStratum.entries()].sort((a, b) => order(a[0]) - order(b[0])));
    const rows = await db.auditItem.findMany({
      where: { auditId: audit.id },
      orderBy: { sampleOrder: "asc" },
      select: { modelStratum: true, item: { select: { externalId: true } } },
    });
    // The recorded seed re-draws exactly these items, in this order, each in its stratum.
    const redrawn = drawModelStratifiedSample({ items, size: 12, seed: "suspect", allocation: ALLOCATION });
    expect(rows.map((r) => r.item.externalId)).toEqual(redrawn.ids);
    expect(rows.map((r) => r.modelStratum)).toEqual(redrawn.ids.map((id) => redrawn.strataOf[id]));
    expect(design.allocation.map((a) => a.allocated)).toEqual(redrawn.allocation.map((a) => a.allocated));

    await expect(planExtension(db, audit.id, 2)).rejects.toMatchObject({ catalog: { key: "audits.extend.errors.modelGuided" } });

    await assignClinicians(db, w.organizer, { auditId: audit.id, clinicianIds: w.raters, design: "FULLY_CROSSED", ratersPerItem: 2 });
    await setAuditStatus(db, w.organizer, audit.id, "open");
    // Both raters call every "most" item incorrect and every other one correct.
    const stratumOfItem = new Map(rows.map((r) => [r.item.externalId, r.modelStratum]));
    for (const rater of w.raters) {
      const [queue] = await reviewQueue(db, rater);
      for (const item of queue!.items) {
        const s = stratumOfItem.get(await externalIdOf(db, item.assignmentId));
        await saveRating(db, rater, {
          assignmentId: item.assignmentId,
          dimension: "gold",
          category: s === "most" ? "incorrect" : "correct",
          expectedVersion: 0,
        });
      }
    }
    const snapshot = await loadAuditSnapshot(db, audit.id);
    const report = computeAuditReport(snapshot!);
    expect(report.audit.modelDesign?.predictionSet.id).toBe(w.setId);
    const gold = report.dimensions.find((d) => d.key === "gold")!;
    const e = gold.stratifiedErrorRate!;
    expect(e.ok).toBe(true);
    if (!e.ok) return;
    const most = design.allocation.find((a) => a.key === "most");
    const N = design.allocation.reduce((n, a) => n + a.population, 0);
    // Every "most" item wrong, no other: the weighted estimate is that stratum's share of the benchmark.
    expect(e.bound.estimate).toBeCloseTo((most?.population ?? 0) / N, 12);
    expect(e.tallies.map((t) => t.rated)).toEqual(design.allocation.map((a) => a.allocated));
    // The majority-vote bound is still there, beside it.
    expect(gold.errorRateBound?.sampled).toBe(12);
    const json = JSON.parse(reportJson(report)) as {
      audit: { modelDesign?: unknown };
      dimensions: { key: string; stratifiedErrorRate?: unknown }[];
    };
    expect(json.audit.modelDesign).toEqual(report.audit.modelDesign);
    expect(json.dimensions.find((d) => d.key === "gold")?.stratifiedErrorRate).toEqual(e);
    const text = paragraph(shownReport(report));
    expect(text).toContain("The sample was stratified by how many models of the prediction set “run”");
    expect(text).toContain("Weighting each stratum by its share of the benchmark");
    expect(text).not.toContain("hypergeometric bound");
    await db.$disconnect();
  });

  it("shows a rater nothing of the predictions, the strata or the design", async () => {
    const db = await freshDb(database);
    const w = await world(db);
    await drawAudit(db, team(w), {
      name: "Blinded",
      items: 6,
      seed: "blind",
      modelGuided: { predictionSetId: w.setId, allocation: ALLOCATION },
      ratersPerItem: 2,
    });
    const set = await db.predictionSet.findUniqueOrThrow({ where: { id: w.setId }, select: { name: true, checksum: true } });
    const forbidden = ["modelStratum", "modelDesign", "predictionSet", "allocation", "model-stratum", set.checksum, w.setId, ...w.models];
    const [queue] = await reviewQueue(db, w.raters[0]!);
    const payloads = [JSON.stringify(queue)];
    for (const item of queue!.items) {
      const page = await loadCasePage(db, w.raters[0]!, item.assignmentId, { recordDir: null });
      expect(page).not.toBeNull();
      payloads.push(JSON.stringify(page));
    }
    expect(payloads).toHaveLength(7);
    // The case page does carry the item (so the check above looked at real payloads).
    expect(payloads[1]).toContain("options");
    for (const payload of payloads) for (const word of forbidden) expect(payload).not.toContain(word);
    await db.$disconnect();
  });

  it.each(DATABASES.map((d) => [d.name, d] as const))(
    "a backup restored into %s carries the design and each item's stratum",
    async (_, into) => {
      const db = await freshDb(database);
      const w = await world(db);
      const { audit } = await drawAudit(db, team(w), {
        name: "Carried",
        items: 10,
        seed: "carry",
        modelGuided: { predictionSetId: w.setId, allocation: { rule: "neyman", priorErrorRates: { none: 0.05, some: 0.2, most: 0.5 } } },
        ratersPerItem: 2,
      });
      const [queue] = await reviewQueue(db, w.raters[0]!);
      for (const [i, item] of queue!.items.entries())
        await saveRating(db, w.raters[0]!, {
          assignmentId: item.assignmentId,
          dimension: "gold",
          category: i % 3 === 0 ? "incorrect" : "correct",
          expectedVersion: 0,
        });
      const backup = (await exportAuditBackup(db, audit.id, "test", new Date("2026-12-04T00:00:00Z")))!;
      const lines: string[] = [];
      for await (const line of backup.lines) lines.push(line);
      const fresh = await freshDb(into);
      const outcome = await restoreAudit(fresh, null, {
        name: "b.jsonl",
        open: async function* () {
          yield lines.join("");
        },
      });
      expect(outcome).toMatchObject({ status: "restored", auditId: audit.id });
      const design = async (d: Db) => [
        (await d.audit.findUniqueOrThrow({ where: { id: audit.id }, select: { modelDesign: true } })).modelDesign,
        await d.auditItem.findMany({
          where: { auditId: audit.id },
          orderBy: { sampleOrder: "asc" },
          select: { id: true, modelStratum: true },
        }),
      ];
      const [storedDesign, storedItems] = await design(db);
      expect(storedDesign).not.toBeNull();
      expect((storedItems as { modelStratum: string | null }[]).every((i) => i.modelStratum !== null)).toBe(true);
      expect(await design(fresh)).toEqual([storedDesign, storedItems]);
      const report = async (d: Db) => reportJson(computeAuditReport((await loadAuditSnapshot(d, audit.id))!));
      const restored = await report(fresh);
      expect(restored).toContain('"stratifiedErrorRate"');
      expect(restored).toBe(await report(db));
      await fresh.$disconnect();
      await db.$disconnect();
    },
  );

  it("previews the design at assumed rates without drawing, and refuses another dataset's set", async () => {
    const db = await freshDb(database);
    const w = await world(db);
    const { items } = await modelDisagreementFrame(db, w.datasetId, w.setId);
    const keys = [...new Set(items.map((it) => stratumOf(it.models, it.disagreeing)))];
    const rates = Object.fromEntries(keys.map((k) => [k, k === "most" ? 0.5 : k === "some" ? 0.15 : 0.02]));
    const preview = await previewModelGuided(db, {
      datasetId: w.datasetId,
      size: 12,
      predictionSetId: w.setId,
      allocation: ALLOCATION,
      assumedErrorRates: rates,
    });
    expect(preview?.allocation.reduce((n, a) => n + a.allocated, 0)).toBe(12);
    expect(preview?.preview.replicates).toBe(1000);
    expect(await db.audit.count()).toBe(0);
    await expect(modelDisagreementFrame(db, "another-dataset", w.setId)).rejects.toBeInstanceOf(AppError);
    await db.$disconnect();
  });
});

function order(key: string): number {
  return ["none", "some", "most", "unpredicted"].indexOf(key);
}

async function externalIdOf(db: Db, assignmentId: string): Promise<string> {
  const a = await db.assignment.findUniqueOrThrow({
    where: { id: assignmentId },
    select: { auditItem: { select: { item: { select: { externalId: true } } } } },
  });
  return a.auditItem.item.externalId;
}
