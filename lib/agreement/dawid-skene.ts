/**
 * Dawid–Skene latent-class estimates (Dawid & Skene 1979), with a fixed algorithm a reader can
 * re-derive (issue #34):
 *   - start: T[i][c] = share of item i's ratings in category c;
 *   - M-step: π[c] = mean over items of T[i][c]; θ[r][c][k] = Σ_i T[i][c]·[r gave k on i] /
 *     Σ_i T[i][c]·[r rated i], no smoothing; a row with no mass (0/0) is uniform 1/q;
 *   - E-step: T[i][c] ∝ π[c] · Π_r θ[r][c][k_ri];
 *   - repeat M then E until the largest change of any T[i][c] is below 1e-12, at most 1,000,000 times
 *     for the report's fit and 10,000 times for a bootstrap refit.
 * The reported π and θ are those of the last M-step, T that of the last E-step and the
 * log-likelihood Σ_i log Σ_c π[c] Π_r θ[r][c][k_ri] under that π and θ. Categories are the
 * declared ones in their declared order; items nobody rated are left out.
 *
 * Items with the same ratings (rater by rater) have the same T at every step, so the fit runs over
 * the distinct rating patterns weighted by their counts: the same numbers, and the bootstrap refits
 * a replicate in time that grows with the patterns, not the items. The E-step normalises per
 * pattern and falls back to logs where the plain product would underflow (many raters).
 */

import { type DawidSkeneWorkspace, dawidSkeneWorkspace, type RatingPatterns } from "./rating-patterns";

export const DS_TOLERANCE = 1e-12;
/**
 * The report's fit. The EM converges linearly, and slowly where a class is mostly noise (raters'
 * rare "uncertain" drifting along a ridge): realistic full reviews (1,500 and 4,745 items × 3 raters
 * at 90 % accuracy, 3 % "uncertain") needed a median of 16,000 and 54,000 iterations (90th
 * percentile 63,000 and 235,000); at 10,000 most stopped still moving (docs/latent-class.md). An iteration over 3 raters' patterns
 * takes ~2 µs, so the cap costs at most ~2 s, in the report thread.
 */
export const DS_MAX_ITERATIONS = 1_000_000;
/**
 * A bootstrap refit (10,000 per interval). One stopped here can be off by up to ~0.006 in its mean
 * posterior, but the interval's bounds moved by at most 6.5e-6 with every refit run to the end, at
 * 3–5 times the time (docs/latent-class.md).
 */
export const DS_REPLICATE_MAX_ITERATIONS = 10_000;

export interface DawidSkeneFit {
  /** π[c], declared order. */
  prior: number[];
  /** θ[r][c][k]: P(rater r says k | true class c). */
  confusion: number[][][];
  /** T per pattern, pattern-major (T[p * q + c]). */
  patternPosteriors: Float64Array;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
}

interface EmRun {
  /** The last E-step's posteriors (one of the workspace's buffers); zero-weight patterns are not updated. */
  T: Float64Array;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
}

/**
 * The EM of the header over the patterns with weight > 0 (a pattern no item shows changes no sum,
 * no change and no likelihood, so it is skipped). Each θ, mass and π entry is summed over the
 * patterns in the same order as a plain loop over every pattern would, so the numbers do not
 * depend on the skipping.
 */
function em(ws: DawidSkeneWorkspace, weights: Float64Array, maxIterations: number): EmRun {
  const { q, r } = ws.patterns;
  const { start, thetaAt, massAt, active, prior, theta, mass, total: totals, scale: scales } = ws;
  let used = 0;
  let n = 0;
  for (let x = 0; x < weights.length; x++) {
    const w = weights[x] as number;
    n += w;
    if (w !== 0) active[used++] = x;
  }
  let T = ws.T;
  let next = ws.next;
  initialPosteriors(ws, used, T);
  const cells = r * q;
  const share = new Float64Array(q);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    // M-step: each entry gets at most one term per pattern (one rating per rater), in pattern order.
    prior.fill(0);
    theta.fill(0);
    mass.fill(0);
    for (let a = 0; a < used; a++) {
      const x = active[a] as number;
      const w = weights[x] as number;
      const base = x * q;
      for (let c = 0; c < q; c++) {
        const t = w * (T[base + c] as number);
        share[c] = t;
        prior[c] = (prior[c] as number) + t;
      }
      for (let j = start[x] as number; j < (start[x + 1] as number); j++) {
        const ti = thetaAt[j] as number;
        const mi = massAt[j] as number;
        for (let c = 0; c < q; c++) {
          const t = share[c] as number;
          theta[ti + c * q] = (theta[ti + c * q] as number) + t;
          mass[mi + c] = (mass[mi + c] as number) + t;
        }
      }
    }
    for (let c = 0; c < q; c++) prior[c] = (prior[c] as number) / n;
    for (let i = 0; i < cells; i++) {
      const m = mass[i] as number;
      const row = i * q;
      if (m === 0) for (let k = 0; k < q; k++) theta[row + k] = 1 / q;
      else for (let k = 0; k < q; k++) theta[row + k] = (theta[row + k] as number) / m;
    }
    // E-step, normalised per pattern.
    let change = 0;
    for (let a = 0; a < used; a++) {
      const x = active[a] as number;
      const base = x * q;
      const sum = joint(x, next, prior, theta, thetaAt, start, q);
      const total = sum.total;
      for (let c = 0; c < q; c++) {
        const t = (next[base + c] as number) / total;
        next[base + c] = t;
        const d = Math.abs(t - (T[base + c] as number));
        if (d > change) change = d;
      }
      totals[x] = total;
      scales[x] = sum.scale;
    }
    const done = T;
    T = next;
    next = done;
    if (change < DS_TOLERANCE) {
      converged = true;
      break;
    }
  }
  let logLikelihood = 0;
  for (let a = 0; a < used; a++) {
    const x = active[a] as number;
    logLikelihood += (weights[x] as number) * (Math.log(totals[x] as number) + (scales[x] as number));
  }
  return { T, iterations, converged, logLikelihood };
}

/**
 * The fit over patterns with item counts `weights` (a bootstrap replicate passes its own counts).
 * A pattern with weight 0 is not fitted: its posterior is all zeros. `ws`: a workspace of the same
 * patterns to reuse (its buffers are overwritten); `maxIterations`: the cap (a replicate's is lower).
 */
export function fitDawidSkene(
  p: RatingPatterns,
  weights: Float64Array,
  ws = dawidSkeneWorkspace(p),
  maxIterations = DS_MAX_ITERATIONS,
): DawidSkeneFit {
  const { q, r } = p;
  const run = em(ws, weights, maxIterations);
  const { prior, theta } = ws;
  const confusion = Array.from({ length: r }, (_, g) =>
    Array.from({ length: q }, (_, c) => Array.from(theta.subarray((g * q + c) * q, (g * q + c + 1) * q))),
  );
  const patternPosteriors = run.T.slice();
  for (let x = 0; x < weights.length; x++) if (weights[x] === 0) patternPosteriors.fill(0, x * q, (x + 1) * q);
  return {
    prior: Array.from(prior),
    confusion,
    patternPosteriors,
    iterations: run.iterations,
    converged: run.converged,
    logLikelihood: run.logLikelihood,
  };
}

/** A bootstrap replicate's value: the mean posterior of e of a refit (at most DS_REPLICATE_MAX_ITERATIONS). */
export function fittedMeanPosterior(ws: DawidSkeneWorkspace, weights: Float64Array, e: number): number {
  const { T } = em(ws, weights, DS_REPLICATE_MAX_ITERATIONS);
  return meanOver(T, weights, ws.patterns.q, e);
}

const scaled = { total: 0, scale: 0 };
/**
 * out[x·q + c] = π[c] Π θ[g][c][k] · e^(−scale), and their sum. Plain products unless they underflow
 * (many raters, tiny θ); then in logs, shifted by the largest so the top class is e^0.
 */
function joint(
  x: number,
  out: Float64Array,
  prior: Float64Array,
  theta: Float64Array,
  thetaAt: Int32Array,
  start: Int32Array,
  q: number,
): typeof scaled {
  const from = start[x] as number;
  const to = start[x + 1] as number;
  const base = x * q;
  let total = 0;
  for (let c = 0; c < q; c++) {
    let v = prior[c] as number;
    const cq = c * q;
    for (let j = from; j < to; j++) v *= theta[(thetaAt[j] as number) + cq] as number;
    out[base + c] = v;
    total += v;
  }
  if (total > 1e-280) {
    scaled.total = total;
    scaled.scale = 0;
    return scaled;
  }
  let top = -Infinity;
  for (let c = 0; c < q; c++) {
    let l = Math.log(prior[c] as number);
    for (let j = from; j < to; j++) l += Math.log(theta[(thetaAt[j] as number) + c * q] as number);
    out[base + c] = l;
    if (l > top) top = l;
  }
  total = 0;
  for (let c = 0; c < q; c++) {
    const v = Math.exp((out[base + c] as number) - top);
    out[base + c] = v;
    total += v;
  }
  scaled.total = total;
  scaled.scale = top;
  return scaled;
}

/** Each active pattern's rating shares into T. */
function initialPosteriors(ws: DawidSkeneWorkspace, used: number, T: Float64Array): void {
  const { q, r, codes } = ws.patterns;
  for (let a = 0; a < used; a++) {
    const x = ws.active[a] as number;
    for (let c = 0; c < q; c++) T[x * q + c] = 0;
    let rated = 0;
    for (let g = 0; g < r; g++) {
      const k = codes[x * r + g] as number;
      if (k < 0) continue;
      T[x * q + k] = (T[x * q + k] as number) + 1;
      rated++;
    }
    for (let c = 0; c < q; c++) T[x * q + c] = (T[x * q + c] as number) / rated;
  }
}

/**
 * A rater's sensitivity and specificity for the error category e: sensitivity θ[e][e] (says
 * "error" when the item is one); specificity the chance of not saying "error" on an item that is
 * not one, Σ_{c≠e} π[c](1 − θ[c][e]) / Σ_{c≠e} π[c]. null when the class has no prior mass.
 */
export function errorDetection(fit: DawidSkeneFit, rater: number, e: number): { sensitivity: number | null; specificity: number | null } {
  const theta = fit.confusion[rater] as number[][];
  const q = fit.prior.length;
  let weight = 0;
  let kept = 0;
  for (let c = 0; c < q; c++) {
    if (c === e) continue;
    const pc = fit.prior[c] as number;
    weight += pc;
    kept += pc * (1 - ((theta[c] as number[])[e] as number));
  }
  return {
    sensitivity: (fit.prior[e] as number) > 0 ? ((theta[e] as number[])[e] as number) : null,
    specificity: weight > 0 ? kept / weight : null,
  };
}

/** Mean posterior of category e over the weighted items. */
export function meanPosterior(fit: DawidSkeneFit, weights: Float64Array, e: number): number {
  return meanOver(fit.patternPosteriors, weights, fit.prior.length, e);
}

function meanOver(T: Float64Array, weights: Float64Array, q: number, e: number): number {
  let n = 0;
  let s = 0;
  for (let x = 0; x < weights.length; x++) {
    const w = weights[x] as number;
    if (w === 0) continue;
    n += w;
    s += w * (T[x * q + e] as number);
  }
  return s / n;
}
