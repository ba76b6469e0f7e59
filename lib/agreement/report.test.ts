import { describe, expect, it } from "vitest";
import { gwetAc1 } from "./gwet-ac";
import type { LongRating } from "./long-format";
import { agreementSummary, buildAgreementReport, buildDimensionReport, REPORT_VERSION } from "./report";

const categories = ["correct", "incorrect", "uncertain"];
const rows: LongRating[] = [
  ["q1", "ana", "correct"],
  ["q1", "ben", "correct"],
  ["q1", "cy", "correct"],
  ["q2", "ana", "correct"],
  ["q2", "ben", "incorrect"],
  ["q2", "cy", "uncertain"],
  ["q3", "ana", "incorrect"],
  ["q3", "ben", "incorrect"],
  ["q3", "cy", "correct"],
  ["q4", "ben", "correct"],
  ["q4", "cy", "correct"],
  ["q5", "ana", "incorrect"],
].map(([item, rater, category]) => ({ item: item ?? "", rater: rater ?? "", category: category ?? "" }));

const input = { dimension: "gold answer", ratings: rows, categories, tieCategory: "uncertain" };

describe("buildDimensionReport", () => {
  const report = buildDimensionReport(input);

  it("has the documented keys, in a stable order", () => {
    expect(Object.keys(report)).toEqual([
      "dimension",
      "categories",
      "categoriesDeclared",
      "options",
      "items",
      "raters",
      "ratings",
      "majority",
      "shares",
      "coefficients",
      "pairwiseCohenKappa",
    ]);
    expect(Object.keys(report.coefficients)).toEqual([
      "percentAgreement",
      "gwetAc1",
      "fleissKappa",
      "krippendorffAlpha",
      "congerKappa",
      "brennanPrediger",
    ]);
    const coefficientKeys = ["pa", "pe", "coeff", "se", "ciLower", "ciUpper", "pValue", "df", "note"];
    for (const c of Object.values(report.coefficients)) expect(Object.keys(c)).toEqual(coefficientKeys);
    for (const p of report.pairwiseCohenKappa) expect(Object.keys(p)).toEqual(["raterA", "raterB", "items", ...coefficientKeys]);
    expect(Object.keys(report.options)).toEqual(["weights", "populationSize", "confidenceLevel", "tieCategory"]);
  });

  it("counts items, raters, ratings and majority labels", () => {
    expect(report.items).toEqual({ total: 5, withTwoOrMoreRatings: 4, withOneRating: 1 });
    expect(report.raters).toEqual({ total: 3, ids: ["ana", "ben", "cy"] });
    expect(report.ratings.total).toBe(12);
    expect(report.ratings.perRater).toEqual([
      { rater: "ana", count: 4 },
      { rater: "ben", count: 4 },
      { rater: "cy", count: 4 },
    ]);
    expect(report.ratings.perCategory.map((c) => c.count)).toEqual([7, 4, 1]);
    expect(report.majority.perItem).toEqual([
      { item: "q1", label: "correct", tied: false },
      { item: "q2", label: "uncertain", tied: true },
      { item: "q3", label: "incorrect", tied: false },
      { item: "q4", label: "correct", tied: false },
      { item: "q5", label: "incorrect", tied: false },
    ]);
    expect(report.majority.counts).toEqual([
      { category: "correct", count: 2 },
      { category: "incorrect", count: 2 },
      { category: "uncertain", count: 1 },
    ]);
    expect(report.majority.ties).toBe(1);
    expect(report.shares).toEqual({ itemsConsidered: 4, atLeastTwoAgree: 0.75, allAgree: 0.5, note: null });
  });

  it("computes the coefficients on the items × raters matrix with the declared categories", () => {
    const matrix = [
      [0, 0, 0],
      [0, 1, 2],
      [1, 1, 0],
      [null, 0, 0],
      [1, null, null],
    ];
    expect(report.coefficients.gwetAc1).toEqual(gwetAc1(matrix, 3));
    expect(report.pairwiseCohenKappa.map((p) => [p.raterA, p.raterB, p.items])).toEqual([
      ["ana", "ben", 3],
      ["ana", "cy", 3],
      ["ben", "cy", 4],
    ]);
  });

  it("passes the options through and keeps JSON free of Infinity", () => {
    const r = buildDimensionReport({ ...input, weights: "linear", populationSize: 50, confidenceLevel: 0.9 });
    expect(r.options).toEqual({ weights: "linear", populationSize: 50, confidenceLevel: 0.9, tieCategory: "uncertain" });
    expect(report.options.populationSize).toBeNull();
    expect(JSON.stringify(report)).not.toMatch(/NaN|Infinity/);
  });

  it("is reproducible byte for byte", () => {
    expect(JSON.stringify(buildDimensionReport(input))).toBe(JSON.stringify(report));
  });

  it("rejects undeclared categories, duplicate ratings and an undeclared tie category", () => {
    expect(() => buildDimensionReport({ ...input, ratings: [...rows, { item: "q9", rater: "ana", category: "maybe" }] })).toThrow(
      /not declared/,
    );
    expect(() => buildDimensionReport({ ...input, ratings: [...rows, { item: "q1", rater: "ana", category: "correct" }] })).toThrow(
      /twice/,
    );
    expect(() => buildDimensionReport({ ...input, tieCategory: "unsure" })).toThrow(/tie category/);
  });

  it("reports an empty dimension without failing", () => {
    const r = buildDimensionReport({ ratings: [], categories });
    expect(r.items.total).toBe(0);
    expect(r.coefficients.gwetAc1.coeff).toBeNull();
    expect(r.pairwiseCohenKappa).toEqual([]);
  });
});

describe("agreementSummary", () => {
  const inputs = {
    "the fixture": input,
    "weighted, with a finite population": { ...input, weights: "linear" as const, populationSize: 50, confidenceLevel: 0.9 },
    "one item": { ...input, ratings: rows.slice(0, 3) },
    "no ratings": { ratings: [], categories },
  };
  it.each(Object.entries(inputs))("gives the dimension report's own figures: %s", (_, i) => {
    const full = buildDimensionReport(i);
    expect(agreementSummary(i)).toEqual({
      items: full.items.total,
      shares: full.shares,
      percentAgreement: full.coefficients.percentAgreement,
      gwetAc1: full.coefficients.gwetAc1,
    });
  });

  it("rejects what the dimension report rejects", () => {
    expect(() => agreementSummary({ ...input, tieCategory: "unsure" })).toThrow(/tie category/);
    expect(() => agreementSummary({ ...input, ratings: [...rows, { item: "q9", rater: "ana", category: "maybe" }] })).toThrow(
      /not declared/,
    );
  });
});

describe("buildAgreementReport", () => {
  it("wraps one report per dimension with the report version", () => {
    const r = buildAgreementReport([input, { ...input, dimension: "evidence" }]);
    expect(r.reportVersion).toBe(REPORT_VERSION);
    expect(r.dimensions.map((d) => d.dimension)).toEqual(["gold answer", "evidence"]);
  });
});
