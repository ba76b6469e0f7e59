/**
 * The typed-array engine (one tally shared by every coefficient) against the array-of-arrays
 * engine it replaced (__fixtures__/previous, unchanged): the same numbers, bit for bit, on
 * random ratings with missing cells, every weighting, finite populations and levels.
 *
 * REMOVE BY 2027-03-01, together with __fixtures__/previous/: once reference.test.ts's irrCAC
 * fixture also pins finite populations (N), confidence levels other than 0.95 and degenerate
 * matrices (one category, one rater, no items), and pairwise Cohen has a published reference.
 * Today the irrCAC cases are all N=Inf, conflev 0.95, so this oracle still covers more.
 *
 * The previous engine wrote its notes as English sentences (its frozen files still do); the engine
 * says them as codes. Both sides are compared with every note in the English the exports write.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as previous from "./__fixtures__/previous/index";
import { agreementShares } from "./agreement-shares";
import { brennanPrediger } from "./brennan-prediger";
import { pairwiseCohenKappa } from "./cohen-kappa";
import { congerKappa } from "./conger-kappa";
import { fleissKappa } from "./fleiss-kappa";
import { gwetAc1 } from "./gwet-ac";
import { krippendorffAlpha } from "./krippendorff-alpha";
import type { LongRating } from "./long-format";
import { majorityVote } from "./majority-vote";
import { percentAgreement } from "./percent-agreement";
import { english } from "../i18n/domain";
import { isEngineNote } from "./notes";
import { buildDimensionReport } from "./report";
import type { CoefficientOptions, Rating } from "./types";

const matrix = fc.integer({ min: 1, max: 5 }).chain((q) =>
  fc.record({
    q: fc.constant(q),
    rows: fc.integer({ min: 1, max: 6 }).chain((r) =>
      fc.array(fc.array(fc.option(fc.integer({ min: 0, max: q - 1 }), { nil: null, freq: 3 }), { minLength: r, maxLength: r }), {
        minLength: 0,
        maxLength: 40,
      }),
    ),
    options: fc.record({
      weights: fc.constantFrom("unweighted" as const, "linear" as const, "quadratic" as const),
      populationSize: fc.constantFrom(Infinity, 1000, 57),
      confidenceLevel: fc.constantFrom(0.9, 0.95, 0.99),
    }),
  }),
);

/** Every engine note in a result, in English; all else as it is (typed arrays, maps and classes untouched). */
function inEnglish(value: unknown): unknown {
  if (isEngineNote(value)) return english(value);
  if (Array.isArray(value)) return value.map(inEnglish);
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inEnglish(v)]));
}

/** A coefficient call that may throw (e.g. a population smaller than the sample): both must agree. */
function outcome(f: () => unknown): unknown {
  try {
    return inEnglish(f());
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe("typed-array engine equals the previous engine", () => {
  it("every coefficient, the shares and the majority vote on random matrices", () => {
    fc.assert(
      fc.property(matrix, ({ q, rows, options }) => {
        const m = rows as Rating[][];
        const o: CoefficientOptions = options;
        const pairs: [string, () => unknown, () => unknown][] = [
          ["percent", () => percentAgreement(m, q, o), () => previous.percentAgreement(m, q, o)],
          ["ac1", () => gwetAc1(m, q, o), () => previous.gwetAc1(m, q, o)],
          ["fleiss", () => fleissKappa(m, q, o), () => previous.fleissKappa(m, q, o)],
          ["kripp", () => krippendorffAlpha(m, q, o), () => previous.krippendorffAlpha(m, q, o)],
          ["conger", () => congerKappa(m, q, o), () => previous.congerKappa(m, q, o)],
          ["bp", () => brennanPrediger(m, q, o), () => previous.brennanPrediger(m, q, o)],
          ["cohen", () => pairwiseCohenKappa(m, q, o), () => previous.pairwiseCohenKappa(m, q, o)],
          ["shares", () => agreementShares(m, q), () => previous.agreementShares(m, q)],
          ["majority", () => majorityVote(m, q, q > 1 ? q - 1 : null), () => previous.majorityVote(m, q, q > 1 ? q - 1 : null)],
        ];
        for (const [name, now, before] of pairs) expect(outcome(now), name).toEqual(outcome(before));
      }),
      { numRuns: 400 },
    );
  });

  it("the whole dimension report from long-format ratings", () => {
    const long = fc.array(
      fc.record({
        item: fc.integer({ min: 0, max: 30 }),
        rater: fc.integer({ min: 0, max: 5 }),
        category: fc.constantFrom("correct", "incorrect", "uncertain"),
      }),
      { maxLength: 120 },
    );
    fc.assert(
      fc.property(long, fc.constantFrom("unweighted" as const, "quadratic" as const), (raw, weights) => {
        // One rating per (item, rater): later duplicates dropped, as a valid export has them.
        const seen = new Set<string>();
        const ratings: LongRating[] = [];
        for (const x of raw) {
          const key = `${x.item}/${x.rater}`;
          if (seen.has(key)) continue;
          seen.add(key);
          ratings.push({ item: `I${x.item}`, rater: `R${x.rater}`, category: x.category });
        }
        const input = {
          ratings,
          categories: ["correct", "incorrect", "uncertain"],
          tieCategory: "uncertain",
          weights,
          populationSize: 500,
        };
        expect(outcome(() => buildDimensionReport(input))).toEqual(outcome(() => previous.buildDimensionReport(input)));
      }),
      { numRuns: 300 },
    );
  });
});
