import { describe, expect, it } from "vitest";
import { syntheticCases } from "@/lib/evaluation/__fixtures__/synthetic-cases";
import { smallConversationDataset } from "@/lib/evaluation/__fixtures__/small-eval";
import type { EvalDataset } from "@/lib/evaluation/eval-dataset";
import { parsePredictions } from "@/lib/evaluation/predictions";
import { buildEvaluationReport } from "@/lib/evaluation/report";
import { DECISION_POINT_PROFILE, syntheticPredictionsCsv } from "./predictions";

const cases = syntheticCases(600, 400);
const dataset: EvalDataset = {
  family: "ehr-decision-mcq",
  format: "ehr-decision-mcq-json",
  checksum: "x",
  name: null,
  patients: 400,
  items: cases.map((c) => ({
    kind: "mcq",
    id: c.caseId,
    patientId: c.patientId,
    options: ["A", "B", "C", "D"],
    gold: "B",
    chapter: c.chapter!,
    level: c.level!,
    decisionPoint: c.decisionPoint!,
  })),
};

describe("synthetic predictions", () => {
  const csv = syntheticPredictionsCsv(dataset, { seed: 7 });

  it("are deterministic by seed and valid for the dataset, one row per model, scope and item", async () => {
    expect(syntheticPredictionsCsv(dataset, { seed: 7 })).toBe(csv);
    expect(syntheticPredictionsCsv(dataset, { seed: 8 })).not.toBe(csv);
    const parsed = await parsePredictions({ name: "p.csv", chunks: [csv] }, dataset);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.predictions.rows).toHaveLength(3 * 5 * 600);
    expect(parsed.predictions.scopes).toEqual(DECISION_POINT_PROFILE.scopes.map((s) => s.name));
  });

  it("order models and scopes by their skill and effect, and make later decision points harder", async () => {
    const parsed = await parsePredictions({ name: "p.csv", chunks: [csv] }, dataset);
    if (!parsed.ok) throw new Error("invalid");
    const r = buildEvaluationReport(dataset, { checksum: "c", ...parsed.predictions }, { replicates: 50 });
    const acc = (m: string, s: string) => r.accuracy.find((a) => a.model === m && a.scope === s)!.accuracy.estimate;
    expect(acc("Synthetic-L", "History-level")).toBeGreaterThan(acc("Synthetic-S", "History-level"));
    expect(acc("Synthetic-M", "Evidence-only")).toBeGreaterThan(acc("Synthetic-M", "History-level"));
    for (const d of r.decisionPoints) expect(d.difference!.estimate).toBeLessThan(0.05);
    expect(r.decisionPoints.filter((d) => d.difference!.estimate < 0).length).toBeGreaterThan(10);
  });

  it("predict every turn of a conversation, so each QA can be scored", async () => {
    const notes = smallConversationDataset();
    const parsed = await parsePredictions({ name: "c.csv", chunks: [syntheticPredictionsCsv(notes, { seed: 1 })] }, notes);
    expect(parsed.ok && parsed.predictions.rows.length).toBe(3 * 3 * 8);
  });
});
