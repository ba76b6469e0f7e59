import { describe, expect, it } from "vitest";
import { agreementShares } from "./agreement-shares";
import { percentAgreement } from "./percent-agreement";
import { english } from "../i18n/domain";
import type { EngineNote } from "./notes";

/** A note in the English the exports write (the engine carries its code). */
const said = (note: EngineNote | null) => note && english(note);

describe("percentAgreement", () => {
  it("averages the share of agreeing rater pairs per item", () => {
    // pairs agreeing: 3/3, 1/3, 0/3
    const r = percentAgreement(
      [
        [0, 0, 0],
        [0, 0, 1],
        [0, 1, 2],
      ],
      3,
    );
    expect(r.pa).toBeCloseTo(4 / 9, 15);
    expect(r.coeff).toBe(r.pa);
    expect(r.pe).toBe(0);
  });

  it("skips items rated once in pa but keeps them in n, as irrCAC", () => {
    const r = percentAgreement(
      [
        [0, null, 0],
        [1, 0, null],
        [null, null, 2],
      ],
      3,
    );
    expect(r.pa).toBeCloseTo(0.5, 15);
    // scaled item terms (3/2)·[1, 0, 0]; v = 1/(3·2) · (1² + 0.5² + 0.5²) = 0.25
    expect(r.se).toBeCloseTo(0.5, 15);
    expect(r.df).toBe(2);
  });

  it("applies the finite-population correction (1 - n/N)", () => {
    const ratings = [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ];
    const inf = percentAgreement(ratings, 2);
    const half = percentAgreement(ratings, 2, { populationSize: 10 });
    expect(half.se).toBeCloseTo((inf.se ?? NaN) * Math.sqrt(0.5), 15);
    expect(percentAgreement(ratings, 2, { populationSize: 5 }).se).toBe(0);
    expect(() => percentAgreement(ratings, 2, { populationSize: 4 })).toThrow(RangeError);
  });

  it("rejects ratings that are not category indices", () => {
    expect(() => percentAgreement([[0, 3]], 3)).toThrow(RangeError);
    expect(() => percentAgreement([[0, 1.5]], 3)).toThrow(RangeError);
    expect(() => percentAgreement([[0, 1], [0]], 3)).toThrow(RangeError);
  });
});

describe("agreementShares", () => {
  it("counts items where at least two / all raters agree, over items with 2+ ratings", () => {
    const s = agreementShares(
      [
        [0, 0, 0],
        [0, 0, 1],
        [0, 1, 2],
        [2, null, null],
      ],
      3,
    );
    expect(s).toEqual({ itemsConsidered: 3, atLeastTwoAgree: 2 / 3, allAgree: 1 / 3, note: null });
  });

  it("treats a missing rating as absent, not as disagreement", () => {
    const s = agreementShares(
      [
        [1, null, 1],
        [0, 1, null],
      ],
      2,
    );
    expect(s.allAgree).toBe(0.5);
    expect(s.atLeastTwoAgree).toBe(0.5);
  });

  it("is null with a note when no item has two ratings", () => {
    const s = agreementShares(
      [
        [0, null],
        [null, 1],
      ],
      2,
    );
    expect(s.atLeastTwoAgree).toBeNull();
    expect(s.allAgree).toBeNull();
    expect(said(s.note)).toMatch(/2 or more/);
  });
});
