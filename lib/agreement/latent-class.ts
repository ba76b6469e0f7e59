/**
 * The Dawid–Skene fit (dawid-skene.ts) of long-format ratings, by name: the prior, each rater's
 * confusion matrix, each rated item's posterior per category; and the item bootstrap of the mean
 * posterior of one category (the benchmark-wide error-rate estimate). Items and raters keep their
 * order of first appearance, as in every other statistic of the engine.
 */
import { createHash } from "node:crypto";
import { createFastPrng } from "../evaluation/fast-prng";
import { percentileBounds, QUANTILE_METHOD } from "../evaluation/quantile";
import { canonicalSeed, PRNG_NAME, PRNG_VERSION, type Seed } from "../sampling/prng";
import {
  DS_MAX_ITERATIONS,
  DS_REPLICATE_MAX_ITERATIONS,
  DS_TOLERANCE,
  type DawidSkeneFit,
  fitDawidSkene,
  fittedMeanPosterior,
  meanPosterior,
} from "./dawid-skene";
import {
  type DawidSkeneWorkspace,
  dawidSkeneWorkspace,
  patternWeights,
  type RatingPatterns,
  ratingPatterns,
  tradingPairs,
} from "./rating-patterns";
import { type LongRating, tallyLong } from "./long-format";

export const LATENT_CLASS_METHOD =
  `Dawid-Skene (1979) EM: start from each item's rating shares; M-step without smoothing (0/0 rows 1/q); ` +
  `stop when no posterior moves by ${DS_TOLERANCE} or after ${DS_MAX_ITERATIONS} iterations ` +
  `(${DS_REPLICATE_MAX_ITERATIONS} for a bootstrap refit)`;

/**
 * Confusion matrices of two raters the ratings cannot tell apart differ by rounding only while the
 * fit keeps them alike; one that sets them further apart than this has chosen between two fits.
 */
export const MIRROR_TOLERANCE = 1e-6;

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
  /**
   * Two raters whose columns of ratings can be swapped without changing the data (each pattern occurs
   * as often as the one with their ratings swapped), yet whose confusion matrices the fit set apart
   * (by more than MIRROR_TOLERANCE): the fit with their places traded is as likely, so the ratings do
   * not determine this one. null: none.
   */
  mirrored: [string, string] | null;
  logLikelihood: number;
  raters: LatentClassRater[];
  /** Every rated item, first appearance order; posterior per category in declared order. */
  items: { item: string; posterior: number[] }[];
}

/** The fit and what the bootstrap needs to refit it. */
export interface LatentClassModel {
  fit: LatentClassFit;
  /** The fit as fitDawidSkene gives it; kept and shared between callers with the same ratings (read only). */
  raw: DawidSkeneFit;
  patterns: RatingPatterns;
  weights: Float64Array;
}

/** What the bootstrap needs of a model: not its per-item fit (a full review's is ~1 MB to send). */
export type LatentBootstrapModel = Pick<LatentClassModel, "raw" | "patterns" | "weights">;

/** null when nothing was rated. */
export function latentClassModel(rows: readonly LongRating[], categories: readonly string[]): LatentClassModel | null {
  const { items, raters, tally } = tallyLong(rows, categories);
  if (items.length === 0) return null;
  const q = categories.length;
  const patterns = ratingPatterns(tally.codes, items.length, raters.length, q);
  const weights = patternWeights(patterns);
  const raw = keptFit(patterns, weights);
  const rated = raters.map((_, g) => {
    let n = 0;
    for (let i = 0; i < items.length; i++) if ((tally.codes[i * raters.length + g] as number) >= 0) n++;
    return n;
  });
  const fit: LatentClassFit = {
    method: LATENT_CLASS_METHOD,
    categories: [...categories],
    // Copies: `raw` may be a kept fit (keptFit), shared with the next caller.
    prior: [...raw.prior],
    iterations: raw.iterations,
    converged: raw.converged,
    mirrored: mirroredPair(patterns, weights, raw, raters),
    logLikelihood: raw.logLikelihood,
    raters: raters.map((rater, g) => ({
      rater,
      rated: rated[g] as number,
      confusion: (raw.confusion[g] as number[][]).map((row) => [...row]),
    })),
    items: items.map((item, i) => {
      const p = patterns.patternOf[i] as number;
      return { item, posterior: Array.from(raw.patternPosteriors.subarray(p * q, (p + 1) * q)) };
    }),
  };
  return { fit, raw, patterns, weights };
}

/** Fits kept per process or thread, the least recently used dropped first. */
const KEPT_FITS = 64;
const keptFits = new Map<string, DawidSkeneFit>();

/**
 * fitDawidSkene(patterns, weights), kept for the same patterns and counts: the fit is a function of
 * them alone, and can take a second or two (up to 1,000,000 EM iterations). A report is computed
 * again after every rating change, and a change touches one dimension (one turn's, in a
 * conversation), so the other dimensions' fits are found here; the interval tasks and the report's
 * summary fit the same dimension once. The kept fit is shared: callers do not change it.
 */
function keptFit(patterns: RatingPatterns, weights: Float64Array): DawidSkeneFit {
  const key = `${patterns.q}:${patterns.r}:${patterns.codes.join(",")}:${weights.join(",")}`;
  const hit = keptFits.get(key);
  if (hit) {
    keptFits.delete(key);
    keptFits.set(key, hit);
    return hit;
  }
  const fit = fitDawidSkene(patterns, weights);
  keptFits.set(key, fit);
  if (keptFits.size > KEPT_FITS) keptFits.delete(keptFits.keys().next().value as string);
  return fit;
}

/**
 * Whether a fit's numbers are determined by the ratings: it converged, and did not choose between
 * two raters the ratings cannot tell apart (docs/latent-class.md). Only such a fit is reported, and
 * only it gets an interval. (A fit kept from before `mirrored` existed has none: undefined.)
 */
export function latentSettled(fit: { converged: boolean; mirrored?: readonly string[] | null }): boolean {
  return fit.converged && !fit.mirrored;
}

/** The first pair of raters (in order) the ratings cannot tell apart and the fit set apart, by name. */
function mirroredPair(p: RatingPatterns, weights: Float64Array, fit: DawidSkeneFit, raters: readonly string[]): [string, string] | null {
  const theta = fit.confusion.map((m) => m.flat());
  const apart = (g: number, h: number) =>
    (theta[g] as number[]).some((v, j) => Math.abs(v - ((theta[h] as number[])[j] as number)) > MIRROR_TOLERANCE);
  for (const [g, h] of tradingPairs(p, weights, apart)) return [raters[g] as string, raters[h] as string];
  return null;
}

/** B of the item bootstrap of the error rate (issue #34). */
export const LATENT_CLASS_REPLICATES = 10_000;

export interface LatentClassBootstrapSettings {
  seed: Seed;
  /** Replicate b (1…B) draws from stream `<stream>/<b>`. */
  stream: string;
  replicates: number;
  level: number;
}

export interface LatentClassBootstrap {
  /** Mean posterior of the category over the rated items. */
  estimate: number;
  ciLower: number;
  ciUpper: number;
  level: number;
  replicates: number;
  /** Replicates with a value (a degenerate refit, NaN, is left out). */
  used: number;
  seed: string;
  stream: string;
  prng: string;
  quantile: string;
}

/**
 * Replicates from…to−1 (0-based; replicate b + 1 of the settings) of the item bootstrap of the mean
 * posterior of category e, into out[from…to−1]: replicate b + 1 draws n rated items with replacement,
 * n draws of nextInt(n) from stream `<stream>/<b + 1>` over the rated items in first-appearance
 * order, and refits from the start (same start, same stopping rule); its value is the mean posterior
 * of e over the drawn items. One stream per replicate, as the rater-quality bootstrap: a script can
 * run any replicate alone, or all side by side. `ws`: a workspace of the model's patterns to reuse.
 */
export function bootstrapReplicates(
  model: LatentBootstrapModel,
  e: number,
  settings: LatentClassBootstrapSettings,
  from: number,
  to: number,
  out: Float64Array,
  ws: DawidSkeneWorkspace = dawidSkeneWorkspace(model.patterns),
): void {
  const { patterns } = model;
  const n = patterns.patternOf.length;
  const weights = new Float64Array(patterns.count);
  for (let b = from; b < to; b++) {
    const rng = createFastPrng(settings.seed, `${settings.stream}/${b + 1}`);
    weights.fill(0);
    for (let k = 0; k < n; k++) {
      const p = patterns.patternOf[rng.nextInt(n)] as number;
      weights[p] = (weights[p] as number) + 1;
    }
    out[b] = fittedMeanPosterior(ws, weights, e);
  }
}

/** The estimate and the percentile interval of the B replicate values. */
export function bootstrapInterval(
  model: LatentBootstrapModel,
  e: number,
  settings: LatentClassBootstrapSettings,
  values: Float64Array,
): LatentClassBootstrap {
  const { lower, upper, used } = percentileBounds(values, settings.level);
  return {
    estimate: meanPosterior(model.raw, model.weights, e),
    ciLower: lower,
    ciUpper: upper,
    level: settings.level,
    replicates: settings.replicates,
    used,
    seed: canonicalSeed(settings.seed),
    stream: settings.stream,
    prng: `${PRNG_NAME} v${PRNG_VERSION} (replicate b: stream <stream>/<b>, n draws of nextInt(n) over the rated items in sample order)`,
    quantile: QUANTILE_METHOD,
  };
}

/** All B replicates at once and their interval (tests, the command line); the server computes them in a background thread. */
export function bootstrapMeanPosterior(
  model: LatentBootstrapModel,
  e: number,
  settings: LatentClassBootstrapSettings,
): LatentClassBootstrap & { values: Float64Array } {
  const values = new Float64Array(settings.replicates);
  bootstrapReplicates(model, e, settings, 0, settings.replicates, values);
  return { ...bootstrapInterval(model, e, settings, values), values };
}

/**
 * A fingerprint of everything the interval is computed from: the method, the rating patterns and
 * which item shows which (names do not matter), the category and the settings. A kept interval is
 * used only for the inputs it was computed from.
 */
export function bootstrapInputs(model: LatentBootstrapModel, e: number, settings: LatentClassBootstrapSettings): string {
  const { q, r, codes, patternOf } = model.patterns;
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify([LATENT_CLASS_METHOD, q, r, e, canonicalSeed(settings.seed), settings.stream, settings.replicates, settings.level]),
  );
  hash.update(new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength));
  hash.update(new Uint8Array(patternOf.buffer, patternOf.byteOffset, patternOf.byteLength));
  return hash.digest("hex");
}
