import { describe, expect, it } from "vitest";
import { computeAuditReport } from "../reports/compute";
import { shownItems } from "../reports/shown";
import type { AuditReport, AuditSnapshot } from "../reports/types";
import { type AdjudicationRecord, adjudicatedOutcome, relabelOutcome } from "./outcome";

/** The outcome of a full report, as the dashboard computes it (its majorities from shownItems). */
const outcomeOf = (report: AuditReport, records: AdjudicationRecord[]) => adjudicatedOutcome(report, shownItems(report), records);

const snapshot: AuditSnapshot = {
  audit: { id: "a", name: "A", datasetName: "D", sampleSize: 3, seed: "1", populationSize: 100, status: "CLOSED" },
  rubric: [
    {
      key: "gold",
      label: "Gold",
      categories: [
        { key: "correct", label: "Correct" },
        { key: "incorrect", label: "Incorrect" },
        { key: "uncertain", label: "Uncertain" },
      ],
      tieCategory: "uncertain",
      errorCategory: "incorrect",
    },
  ],
  raters: [
    { id: "u1", label: "R1" },
    { id: "u2", label: "R2" },
    { id: "u3", label: "R3" },
  ],
  items: ["i1", "i2", "i3"].map((id, n) => ({
    id,
    externalId: `X${n + 1}`,
    chapter: null,
    level: null,
    decisionPoint: null,
    sampleOrder: n + 1,
  })),
  ratings: [
    ...["u1", "u2", "u3"].map((r) => ({ itemId: "i1", raterId: r, dimension: "gold", category: "correct" })),
    { itemId: "i2", raterId: "u1", dimension: "gold", category: "correct" },
    { itemId: "i2", raterId: "u2", dimension: "gold", category: "incorrect" },
    { itemId: "i2", raterId: "u3", dimension: "gold", category: "uncertain" },
    ...["u1", "u2", "u3"].map((r) => ({ itemId: "i3", raterId: r, dimension: "gold", category: "correct" })),
  ],
};

describe("adjudicated outcome", () => {
  it("is the majority where nothing was adjudicated", () => {
    const o = outcomeOf(computeAuditReport(snapshot), []);
    expect(o.dimensions[0]!.counts.map((c) => c.count)).toEqual([2, 0, 1]);
    expect(o).toMatchObject({ adjudicated: 0, removed: 0, changedLabels: 0 });
  });
  it("takes the adjudicator's label and leaves removed items out", () => {
    const o = outcomeOf(computeAuditReport(snapshot), [
      { itemId: "i2", finalLabels: { gold: "incorrect" }, removeItem: false },
      { itemId: "i3", finalLabels: { gold: "correct" }, removeItem: true },
    ]);
    expect(o.dimensions[0]!.counts.map((c) => c.count)).toEqual([1, 1, 0]);
    expect(o).toMatchObject({ adjudicated: 2, removed: 1, changedLabels: 1 });
  });
});

describe("an outcome named again in the reader's language", () => {
  it("is the outcome of the translated report: the same counts, its labels", () => {
    const records = [{ itemId: "i2", finalLabels: { gold: "incorrect" }, removeItem: false }];
    const report = computeAuditReport(snapshot);
    const zh = computeAuditReport({
      ...snapshot,
      rubric: [
        {
          ...snapshot.rubric[0]!,
          label: "标准答案",
          categories: snapshot.rubric[0]!.categories.map((c) => ({ ...c, label: `${c.key}（中文）` })),
        },
      ],
    });
    expect(relabelOutcome(outcomeOf(report, records), zh)).toEqual(outcomeOf(zh, records));
  });
});

describe("adjudicated outcome of a per-turn dimension", () => {
  // The report has one dimension per turn ("gold@t1", "gold@t2"), as reportRubric makes them.
  const perTurn: AuditSnapshot = {
    ...snapshot,
    rubric: ["gold@t1", "gold@t2"].map((key, n) => ({ ...snapshot.rubric[0]!, key, label: `Gold, turn ${n + 1}` })),
    ratings: [
      { itemId: "i1", raterId: "u1", dimension: "gold@t1", category: "correct" },
      { itemId: "i1", raterId: "u2", dimension: "gold@t1", category: "incorrect" },
      { itemId: "i1", raterId: "u3", dimension: "gold@t1", category: "uncertain" },
      ...["u1", "u2", "u3"].map((r) => ({ itemId: "i1", raterId: r, dimension: "gold@t2", category: "correct" })),
    ],
  };

  it("reads each turn's final label under its own key", () => {
    const o = outcomeOf(computeAuditReport(perTurn), [
      { itemId: "i1", finalLabels: { "gold@t1": "incorrect", "gold@t2": "correct" }, removeItem: false },
    ]);
    expect(o.dimensions.map((d) => [d.key, d.counts.map((c) => c.count), d.changed])).toEqual([
      ["gold@t1", [0, 1, 0], 1],
      ["gold@t2", [1, 0, 0], 0],
    ]);
    expect(o.changedLabels).toBe(1);
  });

  it("leaves the turns at their majority under a label stored for the whole item (before per-turn adjudication)", () => {
    const o = outcomeOf(computeAuditReport(perTurn), [{ itemId: "i1", finalLabels: { gold: "incorrect" }, removeItem: false }]);
    expect(o.dimensions.map((d) => d.changed)).toEqual([0, 0]);
    expect(o.dimensions[0]!.counts.map((c) => c.count)).toEqual([0, 0, 1]);
  });
});
