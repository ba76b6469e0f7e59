import { describe, expect, it } from "vitest";
import { errorRateBound } from "../agreement/error-rate-bound";
import { buildDimensionReport } from "../agreement/report";
import { smallAudit, sparseAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import type { AuditSnapshot } from "./types";

const report = computeAuditReport(smallAudit());
const gold = report.dimensions[0]!;
const safety = report.dimensions[1]!;

describe("computeAuditReport", () => {
  it("keeps rubric, rater and sample order", () => {
    expect(report.dimensions.map((d) => d.key)).toEqual(["gold", "safety"]);
    expect(report.audit.raters).toEqual(["R1", "R2", "R3"]);
    expect(gold.items.map((i) => i.externalId)).toEqual(["q01", "q02", "q03", "q04", "q05", "q06"]);
    expect(gold.agreement.majority.perItem.map((i) => i.item)).toEqual(["q01", "q02", "q03", "q04", "q05", "q06"]);
    expect(gold.agreement.raters.ids).toEqual(["R1", "R2", "R3"]);
  });

  it("passes the engine the declared categories, tie rule and population N", () => {
    expect(gold.agreement.categories).toEqual(["correct", "incorrect", "uncertain"]);
    expect(gold.agreement.options).toEqual({
      weights: "unweighted",
      populationSize: 1500,
      confidenceLevel: 0.95,
      tieCategory: "uncertain",
    });
    const ratings = [
      ["q01", "R1", "correct"],
      ["q01", "R2", "correct"],
      ["q01", "R3", "correct"],
      ["q02", "R1", "correct"],
      ["q02", "R2", "correct"],
      ["q02", "R3", "correct"],
      ["q03", "R1", "correct"],
      ["q03", "R2", "incorrect"],
      ["q03", "R3", "correct"],
      ["q04", "R1", "incorrect"],
      ["q04", "R2", "incorrect"],
      ["q04", "R3", "incorrect"],
      ["q05", "R1", "correct"],
      ["q05", "R2", "incorrect"],
      ["q05", "R3", "uncertain"],
      ["q06", "R1", "correct"],
      ["q06", "R2", "correct"],
      ["q06", "R3", "correct"],
    ].map(([item, rater, category]) => ({ item: item!, rater: rater!, category: category! }));
    const direct = buildDimensionReport({
      dimension: "gold",
      ratings,
      categories: ["correct", "incorrect", "uncertain"],
      tieCategory: "uncertain",
      populationSize: 1500,
    });
    expect(gold.agreement).toEqual(direct);
  });

  it("labels the three-way split with the tie category", () => {
    expect(gold.agreement.majority.counts).toEqual([
      { category: "correct", count: 4 },
      { category: "incorrect", count: 1 },
      { category: "uncertain", count: 1 },
    ]);
    expect(gold.items[4]).toMatchObject({ externalId: "q05", majority: "uncertain", tied: true, ratings: 3 });
  });

  it("bounds the error rate from the majority count of the error category", () => {
    expect(gold.errorRateBound).toEqual(errorRateBound(1, 6, { populationSize: 1500, confidenceLevel: 0.95 }));
    expect(gold.errorRateBound?.hypergeometricUpperCount).toBe(871);
    expect(safety.errorRateBound).toBeNull();
  });

  it("counts categories per rater, including raters with no rating", () => {
    expect(safety.raterDistribution).toEqual([
      {
        rater: "R1",
        total: 6,
        counts: [
          { category: "safe", count: 5 },
          { category: "harm", count: 1 },
          { category: "unclear", count: 0 },
        ],
      },
      {
        rater: "R2",
        total: 6,
        counts: [
          { category: "safe", count: 4 },
          { category: "harm", count: 1 },
          { category: "unclear", count: 1 },
        ],
      },
      {
        rater: "R3",
        total: 5,
        counts: [
          { category: "safe", count: 3 },
          { category: "harm", count: 1 },
          { category: "unclear", count: 1 },
        ],
      },
    ]);
    const sparse = computeAuditReport(sparseAudit()).dimensions[0]!;
    expect(sparse.raterDistribution[3]).toEqual({
      rater: "R4",
      total: 0,
      counts: [
        { category: "correct", count: 0 },
        { category: "incorrect", count: 0 },
        { category: "uncertain", count: 0 },
      ],
    });
  });

  it("breaks agreement down by chapter and level in natural order, null last, via the engine", () => {
    expect(gold.byChapter.map((g) => [g.group, g.sampled, g.rated])).toEqual([
      ["Chapter 2", 3, 3],
      ["Chapter 10", 3, 3],
    ]);
    expect(gold.byLevel.map((g) => g.group)).toEqual(["easy", "hard", null]);
    const ch10 = buildDimensionReport({
      dimension: "gold",
      ratings: [
        ["q03", "R1", "correct"],
        ["q03", "R2", "incorrect"],
        ["q03", "R3", "correct"],
        ["q04", "R1", "incorrect"],
        ["q04", "R2", "incorrect"],
        ["q04", "R3", "incorrect"],
        ["q05", "R1", "correct"],
        ["q05", "R2", "incorrect"],
        ["q05", "R3", "uncertain"],
      ].map(([item, rater, category]) => ({ item: item!, rater: rater!, category: category! })),
      categories: ["correct", "incorrect", "uncertain"],
      tieCategory: "uncertain",
    });
    expect(gold.byChapter[1]).toEqual({
      group: "Chapter 10",
      sampled: 3,
      rated: 3,
      shares: ch10.shares,
      gwetAc1: ch10.coefficients.gwetAc1,
    });
  });

  it("lays the engine's pairwise kappas out as a symmetric matrix", () => {
    const m = safety.pairwise;
    expect(m.raters).toEqual(["R1", "R2", "R3"]);
    const engine = safety.agreement.pairwiseCohenKappa.find((p) => p.raterA === "R1" && p.raterB === "R3")!;
    expect(m.cells[0]![2]).toMatchObject({ raterA: "R1", raterB: "R3", items: 5, rawAgreement: engine.pa });
    expect(m.cells[0]![2]!.kappa).toEqual(m.cells[2]![0]!.kappa);
    expect(m.cells[0]![2]!.kappa?.coeff).toBe(engine.coeff);
    expect(m.cells[1]![1]).toEqual({ raterA: "R2", raterB: "R2", items: 6, rawAgreement: null, kappa: null });
    const sparse = computeAuditReport(sparseAudit()).dimensions[0]!.pairwise;
    expect(sparse.cells[0]![3]).toMatchObject({ raterB: "R4", items: 0, rawAgreement: null });
    expect(sparse.cells[0]![3]!.kappa?.coeff).toBeNull();
  });

  it("lists disagreement items with their majority label but not who said what", () => {
    expect(gold.disagreements.map((i) => [i.externalId, i.majority, i.tied])).toEqual([
      ["q03", "correct", false],
      ["q05", "uncertain", true],
    ]);
    expect(safety.disagreements.map((i) => i.externalId)).toEqual(["q02", "q04", "q06"]);
    const text = JSON.stringify(gold.disagreements);
    for (const r of ["R1", "R2", "R3", "u-ana", "u-ben", "u-cy"]) expect(text).not.toContain(r);
  });

  it("explains the prevalence paradox when AC1 and kappa diverge", () => {
    const s = smallAudit();
    const items = Array.from({ length: 20 }, (_, i) => ({
      id: `i${i}`,
      externalId: `x${i}`,
      chapter: null,
      level: null,
      decisionPoint: null,
      sampleOrder: i,
    }));
    const ratings = items.flatMap((item, i) =>
      s.raters.map((r, g) => ({ itemId: item.id, raterId: r.id, dimension: "gold", category: i < 2 && g === i ? "incorrect" : "correct" })),
    );
    const d = computeAuditReport({ ...s, items, ratings, rubric: [s.rubric[0]!] }).dimensions[0]!;
    expect(d.agreement.coefficients.gwetAc1.coeff! - d.agreement.coefficients.fleissKappa.coeff!).toBeGreaterThan(0.2);
    expect(d.divergence).toBe(
      "Most ratings fall in one category (97% 'Correct'); kappa-type coefficients are depressed by this imbalance while AC1 is not (the prevalence paradox).",
    );
  });

  it("is deterministic and independent of the snapshot's input order", () => {
    const s = smallAudit();
    const shuffled: AuditSnapshot = { ...s, items: [...s.items].reverse(), ratings: [...s.ratings].reverse() };
    expect(JSON.stringify(computeAuditReport(shuffled))).toBe(JSON.stringify(report));
  });
});

describe("snapshot validation", () => {
  const s = smallAudit();
  const cases: [string, AuditSnapshot, RegExp][] = [
    [
      "unknown item",
      { ...s, ratings: [...s.ratings, { itemId: "nope", raterId: "u-ana", dimension: "gold", category: "correct" }] },
      /unknown item/,
    ],
    [
      "undeclared category",
      { ...s, ratings: [...s.ratings, { itemId: "i-q01", raterId: "u-ana", dimension: "safety", category: "correct" }] },
      /not declared/,
    ],
    ["duplicate rating", { ...s, ratings: [...s.ratings, s.ratings[0]!] }, /twice/],
    ["duplicate label", { ...s, raters: [...s.raters, { id: "u-x", label: "R1" }] }, /rater label "R1" appears twice/],
    ["padded externalId", { ...s, items: [...s.items, { ...s.items[0]!, id: "i-pad", externalId: " q99" }] }, /leading\/trailing spaces/],
    ["tie category", { ...s, rubric: [{ ...s.rubric[0]!, tieCategory: "unsure" }] }, /tie category/],
    ["population", { ...s, audit: { ...s.audit, populationSize: 5 } }, /populationSize 5/],
  ];
  it.each(cases)("rejects %s", (_name, snapshot, message) => {
    expect(() => computeAuditReport(snapshot)).toThrow(message);
  });
});
