import { describe, expect, it } from "vitest";
import { DS_MAX_ITERATIONS, DS_REPLICATE_MAX_ITERATIONS, errorDetection, fitDawidSkene, meanPosterior } from "./dawid-skene";
import { patternWeights, ratingPatterns } from "./rating-patterns";
import { createPrng } from "../sampling/prng";
import { bootstrapInputs, bootstrapMeanPosterior, bootstrapReplicates, latentClassModel } from "./latent-class";
import type { LongRating } from "./long-format";

const CATEGORIES = ["correct", "incorrect", "uncertain"];

function rows(table: (string | null)[][]): LongRating[] {
  return table.flatMap((row, i) =>
    row.flatMap((category, r) => (category === null ? [] : [{ item: `i${i}`, rater: `R${r + 1}`, category }])),
  );
}

describe("Dawid–Skene fit", () => {
  it("groups items by rating pattern and leaves unrated rows out", () => {
    const codes = Int32Array.from([0, 0, -1, -1, 0, 0, 1, -1]);
    const p = ratingPatterns(codes, 4, 2, 3);
    expect(p.count).toBe(2);
    expect(Array.from(p.patternOf)).toEqual([0, 0, 1]);
    expect(Array.from(patternWeights(p))).toEqual([2, 1]);
  });

  it("stops after one iteration when every rater agrees, one-hot posteriors, uniform 0/0 rows", () => {
    const model = latentClassModel(
      rows([
        ["correct", "correct"],
        ["correct", "correct"],
      ]),
      CATEGORIES,
    )!;
    expect(model.fit.iterations).toBe(1);
    expect(model.fit.converged).toBe(true);
    expect(model.fit.prior).toEqual([1, 0, 0]);
    expect(model.fit.items.map((i) => i.posterior)).toEqual([
      [1, 0, 0],
      [1, 0, 0],
    ]);
    // No mass in "incorrect" or "uncertain": those rows are 1/q, not 0/0 = NaN.
    expect(model.fit.raters[0]!.confusion).toEqual([
      [1, 0, 0],
      [1 / 3, 1 / 3, 1 / 3],
      [1 / 3, 1 / 3, 1 / 3],
    ]);
    expect(model.fit.logLikelihood).toBe(0);
  });

  it("converges on a full review whose rare third category is noise, past the old 10,000-iteration cap", () => {
    // 1,500 items × 3 raters, one item in ten wrong, raters 90 % accurate and "uncertain" 3 % of the
    // time whatever the item: the EM settles slowly along the noise class, and stopped at 10,000 it
    // was still moving (so the dashboard said not to report the fit, and computed no interval).
    const rng = createPrng("full-review", "dawid-skene-test");
    const table = Array.from({ length: 1500 }, () => {
      const truth = rng.nextFloat() < 0.1 ? 1 : 0;
      return [0, 1, 2].map(() => {
        const u = rng.nextFloat();
        return CATEGORIES[u < 0.03 ? 2 : u < 0.13 ? 1 - truth : truth] as string;
      });
    });
    const model = latentClassModel(rows(table), CATEGORIES)!;
    expect(model.fit.converged).toBe(true);
    expect(model.fit.iterations).toBeGreaterThan(10_000);
    expect(model.fit.mirrored).toBeNull();
  });

  it("flags a fit that sets apart two raters who can trade places, not one that keeps them alike", () => {
    // R1 and R2 can trade places in both tables (each pattern occurs as often as its swap).
    const alike = rows([
      ["correct", "correct", "correct"],
      ["correct", "correct", "correct"],
      ["incorrect", "correct", "correct"],
      ["correct", "incorrect", "correct"],
      ["incorrect", "incorrect", "incorrect"],
    ]);
    const fit = latentClassModel(alike, CATEGORIES)!.fit;
    expect(fit.converged).toBe(true);
    expect(fit.mirrored).toBeNull();
    // Alike to rounding: the symmetric start stays symmetric.
    const [a, b] = [fit.raters[0]!.confusion.flat(), fit.raters[1]!.confusion.flat()];
    expect(Math.max(...a.map((v, j) => Math.abs(v - b[j]!)))).toBeLessThan(1e-12);
    // A rater who did not rate an item is part of the pattern: R1 and R2 cannot trade places here.
    const gap = rows([
      ["correct", null, "correct"],
      ["incorrect", "correct", "correct"],
      ["correct", "incorrect", "correct"],
    ]);
    expect(latentClassModel(gap, CATEGORIES)!.fit.mirrored).toBeNull();
  });

  it("fits the same patterns and counts once; other ratings fit anew; callers get their own copies", () => {
    const table = [
      ["correct", "incorrect", "correct"],
      ["incorrect", "incorrect", "correct"],
      ["correct", "correct", "correct"],
    ];
    const a = latentClassModel(rows(table), CATEGORIES)!;
    const b = latentClassModel(rows(table), CATEGORIES)!;
    expect(b.raw).toBe(a.raw);
    expect(b.fit).toEqual(a.fit);
    b.fit.prior[0] = -1;
    b.fit.raters[0]!.confusion[0]![0] = -1;
    expect(latentClassModel(rows(table), CATEGORIES)!.fit).toEqual(a.fit);
    const changed = latentClassModel(rows([...table.slice(0, 2), ["correct", "correct", "incorrect"]]), CATEGORIES)!;
    expect(changed.raw).not.toBe(a.raw);
    expect(changed.fit.prior).not.toEqual(a.fit.prior);
  });

  it("reports the cap when the posteriors still move at the last iteration", () => {
    // Three raters, noise in a third category: the fit drifts along a ridge.
    const table: string[][] = [];
    for (let i = 0; i < 60; i++) table.push([0, 1, 2].map((r) => CATEGORIES[(i * 7 + r * (i % 5)) % 3] as string));
    const model = latentClassModel(rows(table), CATEGORIES)!;
    expect(model.fit.iterations).toBeLessThanOrEqual(DS_MAX_ITERATIONS);
    expect(model.fit.converged).toBe(model.fit.iterations < DS_MAX_ITERATIONS);
    for (const item of model.fit.items) expect(item.posterior.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it("does not underflow with many raters: falls back to logs", () => {
    const many = Array.from({ length: 4 }, (_, i) =>
      Array.from({ length: 400 }, (_, r) => (r % 2 === 0 || i === 0 ? "correct" : "incorrect")),
    );
    const model = latentClassModel(rows(many), CATEGORIES.slice(0, 2))!;
    expect(Number.isFinite(model.fit.logLikelihood)).toBe(true);
    for (const item of model.fit.items) for (const p of item.posterior) expect(Number.isFinite(p)).toBe(true);
  });

  it("sensitivity and specificity for the error category follow θ and π", () => {
    const fit = fitDawidSkene(ratingPatterns(Int32Array.from([0, 0, 1, 1, 0, 1]), 3, 2, 2), Float64Array.from([1, 1, 1]));
    const { sensitivity, specificity } = errorDetection(fit, 1, 1);
    expect(sensitivity).toBeCloseTo(fit.confusion[1]![1]![1]!, 15);
    expect(specificity).toBeCloseTo(1 - fit.confusion[1]![0]![1]!, 15);
  });
});

describe("item bootstrap of the mean posterior", () => {
  const table = Array.from({ length: 40 }, (_, i) => [
    i % 4 === 0 ? "incorrect" : "correct",
    i % 5 === 0 ? "incorrect" : "correct",
    i % 4 === 0 || i % 7 === 0 ? "incorrect" : "correct",
  ]);
  const model = latentClassModel(rows(table), CATEGORIES.slice(0, 2))!;
  const options = { seed: "audit-seed", stream: "test", replicates: 200, level: 0.95 };

  it("is reproducible, brackets the estimate and changes with the seed", () => {
    const a = bootstrapMeanPosterior(model, 1, options);
    const b = bootstrapMeanPosterior(model, 1, options);
    expect(b).toEqual(a);
    expect(a.estimate).toBeCloseTo(meanPosterior(model.raw, model.weights, 1), 15);
    expect(a.ciLower).toBeLessThanOrEqual(a.estimate);
    expect(a.ciUpper).toBeGreaterThanOrEqual(a.estimate);
    expect(a.ciUpper).toBeGreaterThan(a.ciLower);
    expect(bootstrapMeanPosterior(model, 1, { ...options, seed: "other" }).ciLower).not.toBe(a.ciLower);
  });

  it("refits replicate b on stream <stream>/<b> with the reference generator's draws, in any chunks", () => {
    const all = bootstrapMeanPosterior(model, 1, options).values;
    const chunked = new Float64Array(options.replicates);
    bootstrapReplicates(model, 1, options, 0, 70, chunked);
    bootstrapReplicates(model, 1, options, 70, options.replicates, chunked);
    expect(chunked).toEqual(all);
    const n = model.patterns.patternOf.length;
    for (const b of [0, 1, 199]) {
      const rng = createPrng(options.seed, `${options.stream}/${b + 1}`);
      const w = new Float64Array(model.patterns.count);
      for (let k = 0; k < n; k++) w[model.patterns.patternOf[rng.nextInt(n)]!]!++;
      const refit = fitDawidSkene(model.patterns, w, undefined, DS_REPLICATE_MAX_ITERATIONS);
      expect(all[b]).toBe(meanPosterior(refit, w, 1));
    }
  });

  it("leaves a pattern no drawn item shows out of the replicate (its posterior was NaN)", () => {
    // R3 says "incorrect" only on i0: a replicate without i0 has θ = 0 there in every class.
    const rare = rows([
      ["correct", "correct", "incorrect"],
      ...Array.from({ length: 30 }, (_, i) => ["correct", i % 3 ? "correct" : "incorrect", "correct"]),
    ]);
    const m = latentClassModel(rare, CATEGORIES.slice(0, 2))!;
    const w = patternWeights(m.patterns);
    w[0] = 0;
    const fit = fitDawidSkene(m.patterns, w);
    expect(Array.from(fit.patternPosteriors.subarray(0, 2))).toEqual([0, 0]);
    expect(Number.isFinite(meanPosterior(fit, w, 1))).toBe(true);
    const boot = bootstrapMeanPosterior(m, 1, { ...options, replicates: 300 });
    expect(boot.used).toBe(300);
  });

  it("fingerprints the inputs: the patterns, who shows which, the category and the settings", () => {
    const key = bootstrapInputs(model, 1, options);
    expect(bootstrapInputs(latentClassModel(rows(table), CATEGORIES.slice(0, 2))!, 1, options)).toBe(key);
    expect(bootstrapInputs(model, 0, options)).not.toBe(key);
    expect(bootstrapInputs(model, 1, { ...options, seed: "other" })).not.toBe(key);
    const moved = table.map((row) => [...row]);
    moved[3] = ["incorrect", "incorrect", "incorrect"];
    expect(bootstrapInputs(latentClassModel(rows(moved), CATEGORIES.slice(0, 2))!, 1, options)).not.toBe(key);
  });
});
