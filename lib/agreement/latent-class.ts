/**
 * The Dawid–Skene fit (dawid-skene.ts) of long-format ratings, by name: the prior, each rater's
 * confusion matrix, each rated item's posterior per category; and the item bootstrap of the mean
 * posterior of one category (the benchmark-wide error-rate estimate). Items and raters keep their
 * order of first appearance, as in every other statistic of the engine.
 */
import { createFastPrng } from "../evaluation/fast-prng";
import { percentileBounds, QUANTILE_METHOD } from "../evaluation/quantile";
import { PRNG_NAME, PRNG_VERSION, type Seed } from "../sampling/prng";
import {
  DS_MAX_ITERATIONS,
  DS_TOLERANCE,
  type DawidSkeneFit,
  fitDawidSkene,
  meanPosterior,
  patternWeights,
  type RatingPatterns,
  ratingPatterns,
} from "./dawid-skene";
import { type LongRating, tallyLong } from "./long-format";

export const LATENT_CLASS_METHOD =
  `Dawid-Skene (1979) EM: start from each item's rating shares; M-step without smoothing (0/0 rows 1/q); ` +
  `stop when no posterior moves by ${DS_TOLERANCE} or after ${DS_MAX_ITERATIONS} iterations`;

export interface LatentClassRater {
  rater: string;
  /** Items the rater rated. */
  rated: number;
  /** confusion[c][k]: P(the rater says k | the item's true class is c), declared order. */
  confusion: number[][];
}

export interface LatentClassFit {
  method: string;
  categories: string[];
  prior: number[];
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  raters: LatentClassRater[];
  /** Every rated item, first appearance order; posterior per category in declared order. */
  items: { item: string; posterior: number[] }[];
}

/** The fit and what the bootstrap needs to refit it. */
export interface LatentClassModel {
  fit: LatentClassFit;
  raw: DawidSkeneFit;
  patterns: RatingPatterns;
  weights: Float64Array;
}

/** null when nothing was rated. */
export function latentClassModel(rows: readonly LongRating[], categories: readonly string[]): LatentClassModel | null {
  const { items, raters, tally } = tallyLong(rows, categories);
  if (items.length === 0) return null;
  const q = categories.length;
  const patterns = ratingPatterns(tally.codes, items.length, raters.length, q);
  const weights = patternWeights(patterns);
  const raw = fitDawidSkene(patterns, weights);
  const rated = raters.map((_, g) => {
    let n = 0;
    for (let i = 0; i < items.length; i++) if ((tally.codes[i * raters.length + g] as number) >= 0) n++;
    return n;
  });
  const fit: LatentClassFit = {
    method: LATENT_CLASS_METHOD,
    categories: [...categories],
    prior: raw.prior,
    iterations: raw.iterations,
    converged: raw.converged,
    logLikelihood: raw.logLikelihood,
    raters: raters.map((rater, g) => ({ rater, rated: rated[g] as number, confusion: raw.confusion[g] as number[][] })),
    items: items.map((item, i) => {
      const p = patterns.patternOf[i] as number;
      return { item, posterior: Array.from(raw.patternPosteriors.subarray(p * q, (p + 1) * q)) };
    }),
  };
  return { fit, raw, patterns, weights };
}

export interface LatentClassBootstrap {
  /** Mean posterior of the category over the rated items. */
  estimate: number;
  ciLower: number;
  ciUpper: number;
  level: number;
  replicates: number;
  seed: string;
  stream: string;
  prng: string;
  quantile: string;
}

/**
 * Percentile interval of the mean posterior of category e: B replicates, each drawing n rated items
 * with replacement (nextInt(n), items in first-appearance order) and refitting from the start.
 */
export function bootstrapMeanPosterior(
  model: LatentClassModel,
  e: number,
  options: { seed: Seed; stream: string; replicates: number; level: number },
): LatentClassBootstrap {
  const { patterns } = model;
  const n = patterns.patternOf.length;
  const rng = createFastPrng(options.seed, options.stream);
  const values = new Float64Array(options.replicates);
  const weights = new Float64Array(patterns.count);
  for (let b = 0; b < options.replicates; b++) {
    weights.fill(0);
    for (let k = 0; k < n; k++) {
      const p = patterns.patternOf[rng.nextInt(n)] as number;
      weights[p] = (weights[p] as number) + 1;
    }
    values[b] = meanPosterior(fitDawidSkene(patterns, weights), weights, e);
  }
  const { lower, upper } = percentileBounds(values, options.level);
  return {
    estimate: meanPosterior(model.raw, model.weights, e),
    ciLower: lower,
    ciUpper: upper,
    level: options.level,
    replicates: options.replicates,
    seed: String(options.seed),
    stream: options.stream,
    prng: `${PRNG_NAME} v${PRNG_VERSION} (nextInt over the rated items in sample order)`,
    quantile: QUANTILE_METHOD,
  };
}
