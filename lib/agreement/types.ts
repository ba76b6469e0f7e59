/**
 * Shared types of the agreement engine. Everything here is plain data so the CLI, the server and
 * the dashboard can pass results around and serialise them without adapters.
 */
import type { EngineNote } from "./notes";

/** One rating: the index of a declared category, or null when the rater did not rate the item. */
export type Rating = number | null;

/** Ratings matrix: one row per item, one column per rater (every row has the same length). */
export type RatingsMatrix = readonly (readonly Rating[])[];

/**
 * Agreement weights between categories, as in irrCAC: "unweighted" (identity), or "linear" /
 * "quadratic" on the declared order of the categories, taken as equally spaced positions.
 */
export type WeightKind = "unweighted" | "linear" | "quadratic";

export interface CoefficientOptions {
  /** Default "unweighted". */
  weights?: WeightKind;
  /** Size of the population the items were sampled from (finite-population correction); default Infinity (none). */
  populationSize?: number;
  /** Two-sided confidence level of the interval; default 0.95. */
  confidenceLevel?: number;
}

/**
 * The result every coefficient returns. A field is null (never NaN) when it is undefined for the
 * input; `note` then says why, as a code (lib/agreement/notes.ts). `note` is null when every field
 * is defined.
 */
export interface CoefficientResult {
  /** Observed (weighted) agreement. */
  pa: number | null;
  /** Chance agreement (0 for percent agreement). */
  pe: number | null;
  /** The coefficient (pa - pe) / (1 - pe). */
  coeff: number | null;
  /** Standard error (Gwet's linearisation, with the finite-population correction). */
  se: number | null;
  /** Confidence interval from the t distribution, clipped to [-1, 1]. */
  ciLower: number | null;
  ciUpper: number | null;
  /** Two-sided p-value of H0: coefficient = 0 from the t distribution. */
  pValue: number | null;
  /** Degrees of freedom of the t distribution. */
  df: number | null;
  note: EngineNote | null;
}
