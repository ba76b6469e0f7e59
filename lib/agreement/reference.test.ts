/**
 * Pins every coefficient to irrCAC 1.0's published numbers: every dataset and every option set of
 * the fixture (a copy of the project's shared reference file, so tests never read outside the repo).
 */
import { describe, expect, it } from "vitest";
import fixture from "./__fixtures__/irrcac-datasets.json";
import { brennanPrediger } from "./brennan-prediger";
import { congerKappa } from "./conger-kappa";
import { fleissKappa } from "./fleiss-kappa";
import { gwetAc1 } from "./gwet-ac";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { percentAgreement } from "./percent-agreement";
import type { CoefficientOptions, CoefficientResult, RatingsMatrix, WeightKind } from "./types";

type Label = string | number;
interface Expected {
  pa: number;
  pe: number;
  coeff: number;
  se: number;
  ci_lower: number;
  ci_upper: number;
  p_value: number;
  df: number;
}
interface Case {
  options: { weights: string; N: string | number; categ_labels: Label[]; conflev: number };
  results: Record<string, Expected>;
}
interface Dataset {
  name: string;
  ratings: (Label | null)[][];
  cases: Case[];
}

const statistics: Record<string, (r: RatingsMatrix, q: number, o: CoefficientOptions) => CoefficientResult> = {
  percent_agreement: percentAgreement,
  gwet_ac1: gwetAc1,
  fleiss_kappa: fleissKappa,
  krippendorff_alpha: krippendorffAlpha,
  conger_kappa: congerKappa,
  brennan_prediger: brennanPrediger,
};

function toIndices(ratings: (Label | null)[][], labels: Label[]): RatingsMatrix {
  const keys = labels.map((l) => String(l).toUpperCase());
  return ratings.map((row) =>
    row.map((x) => {
      if (x === null) return null;
      const k = keys.indexOf(String(x).toUpperCase());
      if (k < 0) throw new Error(`rating ${x} not among declared categories`);
      return k;
    }),
  );
}

const datasets = (fixture as { datasets: Dataset[] }).datasets;

describe("irrCAC 1.0 reference values", () => {
  it("covers every statistic in the fixture", () => {
    const seen = new Set(datasets.flatMap((d) => d.cases.flatMap((c) => Object.keys(c.results))));
    expect([...seen].sort()).toEqual(Object.keys(statistics).sort());
  });

  for (const ds of datasets) {
    for (const c of ds.cases) {
      const o = c.options;
      const options: CoefficientOptions = {
        weights: o.weights as WeightKind,
        populationSize: o.N === "Inf" ? Infinity : Number(o.N),
        confidenceLevel: o.conflev,
      };
      const matrix = toIndices(ds.ratings, o.categ_labels);
      for (const [stat, expected] of Object.entries(c.results)) {
        it(`${ds.name} ${o.weights} N=${o.N} conf=${o.conflev}: ${stat}`, () => {
          const fn = statistics[stat];
          if (!fn) throw new Error(`no implementation for ${stat}`);
          const got = fn(matrix, o.categ_labels.length, options);
          const check = (field: string, value: number | null, want: number, tol: number) => {
            expect(value, field).not.toBeNull();
            const d = Math.abs((value ?? NaN) - want);
            expect(d, `${field}: got ${value}, want ${want}`).toBeLessThanOrEqual(tol);
          };
          // Agreed tolerances are 1e-12 (pa, pe), 1e-9 (coeff, se), 1e-7 (CI); the implementation
          // reproduces irrCAC to a few ulps, so everything is held to 1e-12 to catch any drift.
          for (const [field, value, want] of [
            ["pa", got.pa, expected.pa],
            ["pe", got.pe, expected.pe],
            ["coeff", got.coeff, expected.coeff],
            ["se", got.se, expected.se],
            ["ciLower", got.ciLower, expected.ci_lower],
            ["ciUpper", got.ciUpper, expected.ci_upper],
            ["pValue", got.pValue, expected.p_value],
          ] as const) {
            check(field, value, want, 1e-12);
          }
          expect(got.df).toBe(expected.df);
          expect(got.note).toBeNull();
        });
      }
    }
  }
});
