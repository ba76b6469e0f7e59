// The Dawid–Skene fit pinned to an independent re-implementation (__fixtures__/dawid_skene_reference.py,
// numpy, item by item with plain products, written from the algorithm of issue #34) on seven data sets:
// posteriors, π and θ to 1e-9, the same number of iterations. Skips, as the package tests do, only
// when python3 with numpy is absent.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPrng } from "../sampling/prng";
import { type LatentClassFit, latentClassModel } from "./latent-class";
import type { LongRating } from "./long-format";

const here = path.dirname(new URL(import.meta.url).pathname);
const script = path.join(here, "__fixtures__", "dawid_skene_reference.py");
const hasNumpy = spawnSync("python3", ["-c", "import numpy"]).status === 0;
const CATEGORIES = ["correct", "incorrect", "uncertain"];

interface DataSet {
  q: number;
  /** ratings[i][r]: category index or null. */
  ratings: (number | null)[][];
}

/** Items with a true class drawn from `prior`; rater r answers from confusion[r][truth]; gaps at `missing`. */
function simulate(seed: string, items: number, prior: number[], confusion: number[][][], missing = 0): DataSet {
  const rng = createPrng(seed, "dawid-skene-reference");
  const draw = (p: number[]) => {
    let u = rng.nextFloat();
    for (let k = 0; k < p.length; k++) if ((u -= p[k] as number) < 0) return k;
    return p.length - 1;
  };
  const ratings = Array.from({ length: items }, () => {
    const truth = draw(prior);
    const row = confusion.map((c) => (rng.nextFloat() < missing ? null : draw(c[truth] as number[])));
    return row.every((k) => k === null) ? row.map((_, r) => (r === 0 ? truth : null)) : row;
  });
  return { q: prior.length, ratings };
}

const good = [
  [0.9, 0.05, 0.05],
  [0.1, 0.8, 0.1],
  [0.3, 0.3, 0.4],
];
const fair = [
  [0.75, 0.15, 0.1],
  [0.2, 0.7, 0.1],
  [0.3, 0.3, 0.4],
];
const alwaysWrong = [
  [0, 1, 0],
  [1, 0, 0],
  [0, 1, 0],
];
const yesSayer = [
  [1, 0, 0],
  [0.9, 0.1, 0],
  [1, 0, 0],
];

/** Majority and latent class part: two raters who call nearly everything correct outvote a careful one. */
function majorityMisled(): DataSet {
  const base = simulate("misled", 160, [0.7, 0.25, 0.05], [good, yesSayer, yesSayer]);
  return base;
}

const DATA_SETS: [string, () => DataSet][] = [
  ["a rater who is always wrong", () => simulate("wrong", 150, [0.6, 0.3, 0.1], [good, fair, alwaysWrong])],
  ["missing ratings (5 raters, 40 % gaps)", () => simulate("gaps", 200, [0.7, 0.2, 0.1], [good, fair, good, fair, good], 0.4)],
  ["majority and latent class disagree", majorityMisled],
  [
    "crowd-style: 7 raters of mixed skill, 2 categories",
    () =>
      simulate(
        "crowd",
        300,
        [0.8, 0.2],
        [
          [
            [0.95, 0.05],
            [0.1, 0.9],
          ],
          [
            [0.7, 0.3],
            [0.3, 0.7],
          ],
          [
            [0.6, 0.4],
            [0.45, 0.55],
          ],
          [
            [0.99, 0.01],
            [0.5, 0.5],
          ],
          [
            [0.85, 0.15],
            [0.05, 0.95],
          ],
          [
            [0.5, 0.5],
            [0.5, 0.5],
          ],
          [
            [0.9, 0.1],
            [0.2, 0.8],
          ],
        ],
        0.3,
      ),
  ],
  ["degenerate: every rater says correct on every item", () => ({ q: 3, ratings: Array.from({ length: 6 }, () => [0, 0, 0]) })],
  [
    "all agree item by item, every category used",
    () => ({
      q: 3,
      ratings: [
        [0, 0, 0],
        [1, 1, 1],
        [0, 0, 0],
        [2, 2, 2],
        [0, 0, 0],
      ],
    }),
  ],
  [
    "one item rated once, others by two",
    () => ({
      q: 3,
      ratings: [
        [0, null],
        [1, 1],
        [0, 1],
        [null, 2],
        [2, 0],
      ],
    }),
  ],
];

function longRows(d: DataSet): LongRating[] {
  const rows: LongRating[] = [];
  d.ratings.forEach((row, i) =>
    row.forEach((k, r) => {
      if (k !== null) rows.push({ item: `i${i}`, rater: `R${r}`, category: CATEGORIES[k] as string });
    }),
  );
  return rows;
}

function reference(d: DataSet) {
  const r = spawnSync("python3", [script], { input: JSON.stringify(d), encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as {
    prior: number[];
    confusion: number[][][];
    posteriors: number[][];
    iterations: number;
    converged: boolean;
    logLikelihood: number;
  };
}

function expectClose(actual: number[], expected: number[], what: string) {
  expect(actual.length, what).toBe(expected.length);
  actual.forEach((a, k) => expect(Math.abs(a - (expected[k] as number)), `${what}[${k}]`).toBeLessThan(1e-9));
}

function fitOf(d: DataSet): LatentClassFit {
  const model = latentClassModel(longRows(d), CATEGORIES.slice(0, d.q));
  if (!model) throw new Error("nothing rated");
  return model.fit;
}

describe.skipIf(!hasNumpy)("Dawid–Skene against an independent numpy implementation", () => {
  it.each(DATA_SETS)("%s", (_, make) => {
    const d = make();
    const fit = fitOf(d);
    const ref = reference(d);
    expect(fit.iterations).toBe(ref.iterations);
    expect(fit.converged).toBe(ref.converged);
    expectClose(fit.prior, ref.prior, "π");
    // Raters in order of first appearance: R0, R1, … (every data set's first item names them in order
    // or the rater is matched by name).
    for (const rater of fit.raters) {
      const r = Number(rater.rater.slice(1));
      rater.confusion.forEach((row, c) => expectClose(row, ref.confusion[r]?.[c] as number[], `θ[${rater.rater}][${c}]`));
    }
    const rated = d.ratings.map((row, i) => [i, row] as const).filter(([, row]) => row.some((k) => k !== null));
    expect(fit.items.map((x) => x.item)).toEqual(rated.map(([i]) => `i${i}`));
    fit.items.forEach((x, i) => expectClose(x.posterior, ref.posteriors[i] as number[], `T[${x.item}]`));
    expect(Math.abs(fit.logLikelihood - ref.logLikelihood)).toBeLessThan(1e-9 * Math.max(1, Math.abs(ref.logLikelihood)));
  });

  it("the always-wrong rater's confusion matrix is learned as such, and majority and latent class part somewhere", () => {
    const wrong = fitOf(DATA_SETS[0]![1]());
    const r2 = wrong.raters.find((r) => r.rater === "R2")!;
    expect(r2.confusion[0]![1]).toBeGreaterThan(0.9);
    const d = majorityMisled();
    const fit = fitOf(d);
    const parted = fit.items.filter((x, i) => {
      const counts = [0, 1, 2].map((k) => d.ratings[i]!.filter((v) => v === k).length);
      const majority = counts.indexOf(Math.max(...counts));
      return x.posterior.indexOf(Math.max(...x.posterior)) !== majority;
    });
    expect(parted.length).toBeGreaterThan(0);
  });
});
