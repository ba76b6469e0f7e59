/**
 * Hand-checked behaviour of the chance-corrected coefficients beyond the irrCAC reference values:
 * the declared-categories effect, missing ratings, options, and every degenerate input.
 */
import fc from "fast-check";
import tQuantile from "@stdlib/stats-base-dists-t-quantile";
import { describe, expect, it } from "vitest";
import { brennanPrediger } from "./brennan-prediger";
import { congerKappa } from "./conger-kappa";
import { fleissKappa } from "./fleiss-kappa";
import { gwetAc1 } from "./gwet-ac";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { percentAgreement } from "./percent-agreement";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix } from "./types";
import { english } from "../i18n/domain";
import type { EngineNote } from "./notes";

/** A note in the English the exports write (the engine carries its code). */
const said = (note: EngineNote | null) => note && english(note);

type Stat = (r: RatingsMatrix, q: number, o?: CoefficientOptions) => CoefficientResult;
const all: Record<string, Stat> = {
  percentAgreement,
  gwetAc1,
  fleissKappa,
  krippendorffAlpha,
  congerKappa,
  brennanPrediger,
};
const kappaLike: Record<string, Stat> = { fleissKappa, krippendorffAlpha, congerKappa };

describe("declared categories", () => {
  // Only categories 0 and 1 are used: π = (0.625, 0.375), pa = 0.75.
  const ratings = [
    [0, 0],
    [0, 1],
    [1, 1],
    [0, 0],
  ];

  it("an unused declared category lowers AC1's chance agreement", () => {
    const two = gwetAc1(ratings, 2);
    const three = gwetAc1(ratings, 3);
    expect(two.pe).toBeCloseTo(0.46875, 15); // Σπ(1-π) / (q-1), q = 2
    expect(three.pe).toBeCloseTo(0.234375, 15); // q = 3
    expect(two.coeff).toBeCloseTo((0.75 - 0.46875) / (1 - 0.46875), 15);
    expect(three.coeff).toBeCloseTo((0.75 - 0.234375) / (1 - 0.234375), 15);
  });

  it("changes Brennan–Prediger (pe = 1/q) but not Fleiss (unused categories have π = 0)", () => {
    expect(brennanPrediger(ratings, 2).pe).toBe(0.5);
    expect(brennanPrediger(ratings, 4).pe).toBe(0.25);
    expect(fleissKappa(ratings, 4).coeff).toBeCloseTo(fleissKappa(ratings, 2).coeff ?? NaN, 15);
  });
});

describe("options", () => {
  const ratings = [
    [0, 0, 1],
    [1, 1, 1],
    [2, 2, 2],
    [0, 1, 2],
    [1, 1, null],
    [2, 0, 2],
  ];

  it("builds the interval from the t quantile of the requested level", () => {
    for (const [name, stat] of Object.entries(all)) {
      const r = stat(ratings, 3, { confidenceLevel: 0.9 });
      const half = (r.se ?? NaN) * tQuantile(0.95, r.df ?? NaN);
      expect(r.ciLower, name).toBeCloseTo(Math.max(-1, (r.coeff ?? NaN) - half), 14);
      expect(r.ciUpper, name).toBeCloseTo(Math.min(1, (r.coeff ?? NaN) + half), 14);
    }
  });

  it("shrinks the variance by 1 - n/N, and to 0 when every item was sampled", () => {
    for (const [name, stat] of Object.entries(all)) {
      const inf = stat(ratings, 3).se ?? NaN;
      expect(stat(ratings, 3, { populationSize: 24 }).se, name).toBeCloseTo(inf * Math.sqrt(0.75), 14);
      expect(stat(ratings, 3, { populationSize: 6 }).se, name).toBe(0);
    }
  });

  it("rejects a confidence level outside (0, 1) and a population smaller than the sample", () => {
    expect(() => gwetAc1(ratings, 3, { confidenceLevel: 1 })).toThrow(RangeError);
    expect(() => gwetAc1(ratings, 3, { confidenceLevel: 0 })).toThrow(RangeError);
    expect(() => gwetAc1(ratings, 3, { populationSize: 5 })).toThrow(RangeError);
  });

  it("weights partial agreement between neighbouring categories", () => {
    const near = [
      [0, 1],
      [1, 2],
      [0, 0],
      [2, 2],
    ];
    expect(percentAgreement(near, 3, { weights: "linear" }).pa).toBeCloseTo((0.5 + 0.5 + 1 + 1) / 4, 15);
    expect(percentAgreement(near, 3, { weights: "quadratic" }).pa).toBeCloseTo((0.75 + 0.75 + 1 + 1) / 4, 15);
  });
});

describe("degenerate inputs", () => {
  it("all ratings in one category: AC1, BP and percent agreement are 1; kappa-type are undefined", () => {
    const same = [
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ];
    for (const stat of [gwetAc1, brennanPrediger, percentAgreement]) {
      const r = stat(same, 3);
      expect(r).toMatchObject({ pa: 1, coeff: 1, se: 0, ciLower: 1, ciUpper: 1, pValue: 0, df: 2, note: null });
    }
    for (const [name, stat] of Object.entries(kappaLike)) {
      const r = stat(same, 3);
      expect(r.pa, name).toBe(1);
      expect(r.pe, name).toBeCloseTo(1, 12);
      expect(r.coeff, name).toBeNull();
      expect(r.se, name).toBeNull();
      expect(said(r.note), name).toMatch(/chance agreement is 1/);
    }
  });

  it("a single item: the coefficient without standard error", () => {
    for (const [name, stat] of Object.entries(all)) {
      const r = stat([[0, 0, 1]], 2);
      expect(r.coeff, name).not.toBeNull();
      expect(r.se, name).toBeNull();
      expect(r.ciLower, name).toBeNull();
      expect(r.pValue, name).toBeNull();
      expect(r.df, name).toBeNull();
      expect(said(r.note), name).toMatch(/single item/);
    }
    expect(gwetAc1([[0, 0, 1]], 2).coeff).toBeCloseTo((1 / 3 - 4 / 9) / (1 - 4 / 9), 15);
  });

  it("a single rater, or no item with two ratings, or no item at all: everything null", () => {
    const inputs: RatingsMatrix[] = [
      [[0], [1], [1]],
      [
        [0, null],
        [null, 1],
      ],
      [],
      [[null, null]],
    ];
    for (const input of inputs) {
      for (const [name, stat] of Object.entries(all)) {
        const r = stat(input, 2);
        expect(r, name).toMatchObject({ pa: null, pe: null, coeff: null, se: null, pValue: null, df: null });
        expect(said(r.note), name).toMatch(/2 or more ratings/);
      }
    }
  });

  it("one declared category: chance-corrected coefficients undefined, percent agreement 1", () => {
    const one = [
      [0, 0],
      [0, 0],
    ];
    expect(percentAgreement(one, 1).coeff).toBe(1);
    for (const [name, stat] of Object.entries(all)) {
      if (name === "percentAgreement") continue;
      const r = stat(one, 1);
      expect(r.coeff, name).toBeNull();
      expect(said(r.note), name).toMatch(/fewer than 2 categories/);
    }
  });

  it("zero coefficient with zero standard error: p-value null with a note", () => {
    // Every pair disagrees on every item: pa = 0, se = 0.
    const r = percentAgreement(
      [
        [0, 1],
        [1, 0],
      ],
      2,
    );
    expect(r.coeff).toBe(0);
    expect(r.se).toBe(0);
    expect(r.pValue).toBeNull();
    expect(said(r.note)).toMatch(/p-value is undefined/);
  });

  it("never returns NaN or Infinity, whatever the ratings", () => {
    const matrix = fc
      .record({ q: fc.integer({ min: 1, max: 4 }), r: fc.integer({ min: 1, max: 4 }), n: fc.integer({ min: 0, max: 7 }) })
      .chain(({ q, r, n }) =>
        fc.record({
          q: fc.constant(q),
          rows: fc.array(fc.array(fc.option(fc.integer({ min: 0, max: q - 1 }), { nil: null }), { minLength: r, maxLength: r }), {
            minLength: n,
            maxLength: n,
          }),
          weights: fc.constantFrom("unweighted" as const, "linear" as const, "quadratic" as const),
        }),
      );
    fc.assert(
      fc.property(matrix, ({ q, rows, weights }) => {
        for (const stat of Object.values(all)) {
          const r = stat(rows, q, { weights });
          for (const [key, v] of Object.entries(r)) {
            if (key === "note") continue;
            if (v !== null && !Number.isFinite(v)) return false;
          }
          if (r.ciLower !== null && r.ciUpper !== null && !(r.ciLower <= r.ciUpper)) return false;
          if (r.ciLower !== null && (r.ciLower < -1 || (r.ciUpper ?? 2) > 1)) return false;
          if (r.coeff === null && r.note === null) return false;
        }
        return true;
      }),
      { numRuns: 400, seed: 20240601 },
    );
  });
});
