/**
 * What model guidance buys, before the sample is drawn: seeded simulations of audits of a
 * finite benchmark whose strata hold known numbers of wrong gold answers, drawn (a) as a simple
 * random sample of n and bounded with the report's exact hypergeometric bound
 * (error-rate-bound.ts), and (b) with the stratified design's n_h and bounded with
 * stratified-bound.ts. Pure; the planner calls `previewStratifiedDesign` at the organizer's
 * assumed per-stratum error rates, the simulation test calls `simulateAudits` directly.
 *
 * Simulation, fixed so a reader can repeat it: one PRNG v2 stream (prng-v2.ts; drawn through
 * its WebAssembly twin fast-prng-v2.ts, same output) from the seed and stream "stratified-preview"; for each replicate r = 1..R, first the strata in order and
 * then the simple random sample. Drawing k items without replacement from M items of which E
 * are wrong counts the wrong ones by k sequential draws: draw j ∈ [0, M − i) (nextInt), the
 * i-th item is wrong when j < E − (wrong so far) — exactly hypergeometric. A stratum's E is
 * round(N_h·p_h) (half away from zero); the simple random sample draws from the whole
 * benchmark with E = Σ_h E_h, so both designs face the same benchmark.
 */
import { createFastPrngV2, type FastPrng32 } from "../evaluation/fast-prng-v2";
import { allocateStrata, allocationWeights, type AllocationRule } from "../sampling/strata-allocation";
import { modelStrata, type ItemDisagreement, type ModelStratum } from "../sampling/stratified";
import { errorRateBound } from "./error-rate-bound";
import { stratifiedErrorRateBound } from "./stratified-bound";

export interface SimulatedStratum {
  /** N_h. */
  population: number;
  /** E_h: wrong gold answers in the stratum. */
  errors: number;
  /** n_h of the design. */
  allocated: number;
}

export interface SimulationSummary {
  replicates: number;
  /** Σ E_h / Σ N_h. */
  trueRate: number;
  srs: BoundSummary;
  stratified: BoundSummary;
}

export interface BoundSummary {
  /** Share of replicates whose bound is ≥ the true rate. */
  coverage: number;
  meanUpper: number;
  medianUpper: number;
}

/** Wrong items among k drawn without replacement from M holding E wrong (exact hypergeometric). */
function drawWrong(rng: FastPrng32, M: number, E: number, k: number): number {
  let wrong = 0;
  for (let i = 0; i < k; i++) {
    if (rng.nextInt(M - i) < E - wrong) wrong++;
  }
  return wrong;
}

function summarise(uppers: number[], truth: number): BoundSummary {
  const sorted = [...uppers].sort((a, b) => a - b);
  const R = sorted.length;
  const mid = Math.floor(R / 2);
  return {
    coverage: uppers.filter((u) => u >= truth).length / R,
    meanUpper: uppers.reduce((a, b) => a + b, 0) / R,
    medianUpper: R % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2,
  };
}

export function simulateAudits(
  strata: readonly SimulatedStratum[],
  options: { replicates: number; seed: string | number; confidenceLevel?: number },
): SimulationSummary {
  const level = options.confidenceLevel ?? 0.95;
  const R = options.replicates;
  if (!Number.isInteger(R) || R < 1) throw new RangeError(`replicates must be a positive integer, got ${R}`);
  for (const s of strata) {
    if (!Number.isInteger(s.population) || s.population < 1) throw new RangeError("every stratum needs at least one item");
    if (!Number.isInteger(s.errors) || s.errors < 0 || s.errors > s.population) throw new RangeError("errors must be in 0..N_h");
    if (!Number.isInteger(s.allocated) || s.allocated < 1 || s.allocated > s.population) {
      throw new RangeError("allocated must be in 1..N_h");
    }
  }
  const N = strata.reduce((a, s) => a + s.population, 0);
  const E = strata.reduce((a, s) => a + s.errors, 0);
  const n = strata.reduce((a, s) => a + s.allocated, 0);
  const truth = E / N;
  const rng = createFastPrngV2(options.seed, "stratified-preview");
  const srs: number[] = [];
  const strat: number[] = [];
  const srsCache = new Map<number, number>();
  for (let r = 0; r < R; r++) {
    const tallies = strata.map((s) => ({
      population: s.population,
      rated: s.allocated,
      incorrect: drawWrong(rng, s.population, s.errors, s.allocated),
    }));
    strat.push(stratifiedErrorRateBound(tallies, { confidenceLevel: level }).upper);
    const x = drawWrong(rng, N, E, n);
    let u = srsCache.get(x);
    if (u === undefined) {
      u = errorRateBound(x, n, { populationSize: N, confidenceLevel: level }).hypergeometricUpper as number;
      srsCache.set(x, u);
    }
    srs.push(u);
  }
  return { replicates: R, trueRate: truth, srs: summarise(srs, truth), stratified: summarise(strat, truth) };
}

export interface PreviewStratum {
  population: number;
  allocated: number;
  /** The organizer's assumed error rate in the stratum, in [0, 1]. */
  assumedErrorRate: number;
}

export const PREVIEW_REPLICATES = 1000;

/**
 * The planner's preview: expected (mean) and median upper bound under simple random sampling
 * and under the design at the same n, at the organizer's assumed rates. Seeded, so the same
 * inputs always show the same figures.
 */
export function previewStratifiedDesign(
  strata: readonly PreviewStratum[],
  options: { seed?: string | number; replicates?: number; confidenceLevel?: number } = {},
): SimulationSummary {
  for (const s of strata) {
    if (!(s.assumedErrorRate >= 0 && s.assumedErrorRate <= 1)) throw new RangeError("assumed error rates must be in [0, 1]");
  }
  return simulateAudits(
    strata.map((s) => ({
      population: s.population,
      allocated: s.allocated,
      errors: Math.round(s.population * s.assumedErrorRate),
    })),
    {
      replicates: options.replicates ?? PREVIEW_REPLICATES,
      seed: options.seed ?? "clinaudit-stratified-preview",
      confidenceLevel: options.confidenceLevel,
    },
  );
}

export interface ModelGuidedPlan {
  /** The design's strata with N_h and n_h, as the draw would allocate them. */
  allocation: { key: ModelStratum; population: number; allocated: number; assumedErrorRate: number }[];
  preview: SimulationSummary;
}

/**
 * The planner's whole question in one call: for the dataset's disagreement counts, a size and an
 * allocation rule, the strata and n_h the draw would use (stratified.ts steps 1–5, nothing drawn)
 * and the preview at the organizer's assumed error rate per stratum (each in [0, 1]; a stratum
 * without one is refused).
 */
export function previewModelGuidedPlan(input: {
  items: readonly ItemDisagreement[];
  size: number;
  allocation: AllocationRule;
  assumedErrorRates: Partial<Record<ModelStratum, number>>;
  seed?: string | number;
  replicates?: number;
  confidenceLevel?: number;
}): ModelGuidedPlan {
  const strata = modelStrata(input.items);
  const sized = strata.map((s) => ({ key: s.key, size: s.ids.length }));
  const allocated = allocateStrata(
    sized.map((s) => s.size),
    allocationWeights(sized, input.allocation),
    input.size,
  );
  const allocation = sized.map((s, h) => {
    const rate = input.assumedErrorRates[s.key];
    if (typeof rate !== "number" || !(rate >= 0 && rate <= 1)) {
      throw new RangeError(`an assumed error rate in [0, 1] is needed for stratum "${s.key}"`);
    }
    return { key: s.key, population: s.size, allocated: allocated[h] as number, assumedErrorRate: rate };
  });
  const preview = previewStratifiedDesign(allocation, {
    seed: input.seed,
    replicates: input.replicates,
    confidenceLevel: input.confidenceLevel,
  });
  return { allocation, preview };
}
