/**
 * Turns a coefficient and its variance into the common result: standard error, t-based interval
 * and two-sided p-value, as irrCAC does (qt/pt with df = n - 1, upper bound capped at 1). The lower
 * bound is also clipped at -1, which irrCAC does not do; no coefficient here can be below -1 in a
 * meaningful way and the reference data never reaches it.
 *
 * Degenerate cases are made explicit instead of producing NaN:
 *   - fewer than 2 items: no variance can be estimated → se, ciLower, ciUpper, pValue, df = null;
 *   - se = 0 (e.g. perfect agreement on every item): the interval collapses to the coefficient and
 *     the p-value is 0 when the coefficient is not 0 (irrCAC's 2*(1-pt(Inf)) = 0), null when it is.
 */
import tCdf from "@stdlib/stats-base-dists-t-cdf";
import tQuantile from "@stdlib/stats-base-dists-t-quantile";
import type { CoefficientResult } from "./types";
import { type EngineNote, SE_ZERO_NOTE, SINGLE_ITEM_NOTE } from "./notes";

/** pe at or above this counts as 1: chance agreement leaves no room for a chance-corrected coefficient. */
export const PE_ONE = 1 - 1e-12;

export function emptyResult(note: EngineNote, known: { pa?: number | null; pe?: number | null } = {}): CoefficientResult {
  return {
    pa: known.pa ?? null,
    pe: known.pe ?? null,
    coeff: null,
    se: null,
    ciLower: null,
    ciUpper: null,
    pValue: null,
    df: null,
    note,
  };
}

export interface InferenceInput {
  pa: number;
  pe: number;
  coeff: number;
  /** Linearised variance (may be a hair below 0 through rounding). */
  variance: number;
  /** Number of items the variance is averaged over; df = n - 1. */
  n: number;
  confidenceLevel: number;
}

// A report asks for the same (level, df) once per coefficient and rater pair; the quantile
// is an iterative inverse of the incomplete beta function, so it is worth remembering.
const critical = new Map<string, number>();

function criticalValue(p: number, df: number): number {
  const key = `${p}|${df}`;
  let t = critical.get(key);
  if (t === undefined) {
    if (critical.size > 1000) critical.clear();
    t = tQuantile(p, df);
    critical.set(key, t);
  }
  return t;
}

export function withInference(x: InferenceInput): CoefficientResult {
  if (x.n < 2) {
    return {
      ...emptyResult(SINGLE_ITEM_NOTE, { pa: x.pa, pe: x.pe }),
      coeff: x.coeff,
    };
  }
  const df = x.n - 1;
  const se = Math.sqrt(Math.max(0, x.variance));
  const t = criticalValue(1 - (1 - x.confidenceLevel) / 2, df);
  const ciLower = Math.max(-1, x.coeff - se * t);
  const ciUpper = Math.min(1, x.coeff + se * t);
  let pValue: number | null;
  let note: EngineNote | null = null;
  if (se > 0) {
    // 2*cdf(-|t|) rather than irrCAC's 2*(1-pt(|t|)): same value, without cancellation for tiny p.
    pValue = 2 * tCdf(-Math.abs(x.coeff / se), df);
  } else if (x.coeff !== 0) {
    pValue = 0;
  } else {
    pValue = null;
    note = SE_ZERO_NOTE;
  }
  return { pa: x.pa, pe: x.pe, coeff: x.coeff, se, ciLower, ciUpper, pValue, df, note };
}
