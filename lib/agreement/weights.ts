import type { WeightKind } from "./types";

/**
 * q×q agreement weights as irrCAC's identity/linear/quadratic.weights. irrCAC spaces categories by
 * their numeric values when they are numbers and by 1..q otherwise; our rubrics are ordered labels,
 * so positions 0..q-1 are used (identical to irrCAC for equally spaced numeric labels).
 */
export function weightMatrix(q: number, kind: WeightKind = "unweighted"): number[][] {
  const w: number[][] = [];
  for (let k = 0; k < q; k++) {
    const row: number[] = [];
    for (let l = 0; l < q; l++) {
      // With a single category there is no spread to scale by: identity is the only sensible weight.
      if (kind === "unweighted" || q < 2) row.push(k === l ? 1 : 0);
      else if (kind === "linear") row.push(1 - Math.abs(k - l) / (q - 1));
      else row.push(1 - (k - l) ** 2 / (q - 1) ** 2);
    }
    w.push(row);
  }
  return w;
}

/** Sum of all weights (irrCAC's sum(weights.mat)), used by AC2 and Brennan–Prediger. */
export function totalWeight(w: readonly (readonly number[])[]): number {
  let s = 0;
  for (const row of w) for (const x of row) s += x;
  return s;
}

/** Symmetrised weighted marginals ((W p + Wᵀ p) / 2), used by the variance of kappa-type coefficients. */
export function symmetricWeighted(w: readonly (readonly number[])[], p: readonly number[]): number[] {
  const q = p.length;
  const out: number[] = [];
  for (let k = 0; k < q; k++) {
    let a = 0;
    let b = 0;
    for (let l = 0; l < q; l++) {
      a += at(w, k, l) * (p[l] ?? 0);
      b += at(w, l, k) * (p[l] ?? 0);
    }
    out.push((a + b) / 2);
  }
  return out;
}

/** Σ_k Σ_l w[k][l] a[k] b[l]. */
export function bilinear(w: readonly (readonly number[])[], a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < a.length; k++) {
    for (let l = 0; l < b.length; l++) s += at(w, k, l) * (a[k] ?? 0) * (b[l] ?? 0);
  }
  return s;
}

/** Matrix element that is known to exist (noUncheckedIndexedAccess). */
export function at(m: readonly (readonly number[])[], i: number, j: number): number {
  return m[i]?.[j] ?? 0;
}
