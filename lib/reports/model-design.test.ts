import { describe, expect, it } from "vitest";
import { stratifiedErrorRateBound } from "../agreement/stratified-bound";
import { canonicalModelDesign } from "./model-design";
import { stratifiedSentence } from "./paragraph";
import type { ModelDesignSummary, ShownDimension } from "./types";
import { validateSnapshot } from "./validate-snapshot";

const design: ModelDesignSummary = {
  algorithm: { name: "clinaudit-model-strata", version: 1, prng: "xoshiro256**/sha256-seed", prngVersion: 1 },
  predictionSet: { id: "set", name: "run", checksum: "a".repeat(64) },
  allocationRule: { rule: "neyman", priorErrorRates: { most: 0.5, none: 0.02 } },
  allocation: [
    { key: "none", population: 8, weight: 1.12, allocated: 1 },
    { key: "most", population: 2, weight: 1, allocated: 1 },
  ],
};

function snapshot(strata: (string | undefined)[], withDesign = true) {
  return {
    audit: {
      id: "a",
      name: "A",
      datasetName: "D v1",
      sampleSize: 2,
      seed: "s",
      populationSize: 10,
      status: "OPEN" as const,
      ...(withDesign && { modelDesign: design }),
    },
    rubric: [
      {
        key: "gold",
        label: "Gold",
        categories: [
          { key: "ok", label: "OK" },
          { key: "bad", label: "Bad" },
        ],
        tieCategory: "ok",
        errorCategory: "bad",
      },
    ],
    raters: [],
    items: strata.map((s, i) => ({
      id: `i${i}`,
      externalId: `e${i}`,
      chapter: null,
      level: null,
      decisionPoint: null,
      sampleOrder: i + 1,
      ...(s !== undefined && { modelStratum: s }),
    })),
    ratings: [],
  };
}

describe("a model-guided design in the snapshot", () => {
  it("is rebuilt in one key order whatever order the database kept", () => {
    const shuffled = JSON.parse(
      JSON.stringify({
        allocation: design.allocation,
        allocationRule: { priorErrorRates: { none: 0.02, most: 0.5 }, rule: "neyman" },
        predictionSet: { checksum: design.predictionSet.checksum, name: "run", id: "set" },
        algorithm: { prngVersion: 1, prng: design.algorithm.prng, version: 1, name: design.algorithm.name },
      }),
    );
    expect(JSON.stringify(canonicalModelDesign(shuffled))).toBe(JSON.stringify(canonicalModelDesign(design)));
    expect(Object.keys((canonicalModelDesign(shuffled).allocationRule as { priorErrorRates: object }).priorErrorRates)).toEqual([
      "none",
      "most",
    ]);
  });

  it("must name every item's stratum, and only strata it allocated", () => {
    expect(() => validateSnapshot(snapshot(["none", "most"]) as never)).not.toThrow();
    expect(() => validateSnapshot(snapshot(["none", undefined]) as never)).toThrow(/no stratum/);
    expect(() => validateSnapshot(snapshot(["none", "some"]) as never)).toThrow(/no stratum/);
    expect(() => validateSnapshot(snapshot(["most", "most", "most"]) as never)).toThrow(/only 2 in the benchmark/);
    expect(() => validateSnapshot(snapshot(["none", "most"], false) as never)).toThrow(/no model design/);
  });
});

describe("the paragraph's design-weighted sentence", () => {
  const dim = (e: ShownDimension["stratifiedErrorRate"]) =>
    ({
      label: "Gold",
      errorCategory: "bad",
      categories: [{ key: "bad", label: "Bad" }],
      stratifiedErrorRate: e,
    }) as unknown as ShownDimension;

  it("states the estimate and the bound, or why there is none yet, or that a census is exact", () => {
    const tallies = [
      { key: "none", population: 80, rated: 10, incorrect: 0 },
      { key: "most", population: 20, rated: 10, incorrect: 5 },
    ];
    const bound = stratifiedErrorRateBound(tallies);
    expect(stratifiedSentence(dim({ ok: true, tallies, bound }))).toMatch(
      /^Weighting each stratum by its share of the benchmark, the error rate \(“Bad”\) is estimated at 10\.0%/,
    );
    expect(stratifiedSentence(dim({ ok: false, tallies, unrated: ["most"] }))).toBe(
      "A design-weighted error rate for “Bad” needs a verdict in every stratum; most has none yet.",
    );
    const census = [{ key: "none", population: 4, rated: 4, incorrect: 1 }];
    expect(stratifiedSentence(dim({ ok: true, tallies: census, bound: stratifiedErrorRateBound(census) }))).toBe(
      "Every stratum was reviewed in full, so the benchmark-wide error rate (“Bad”) is exactly 25.0%.",
    );
  });
});
