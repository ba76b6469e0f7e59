/**
 * Steps 2–5 of "clinaudit-model-strata" v1 (stratified.ts, which states the whole algorithm):
 * the allocation weight of each stratum under the organizer's rule, and the integer sample
 * size of each stratum from those weights. Frozen with the algorithm: a change here changes
 * which items a recorded design draws. Pure: no I/O.
 */
import { domainMessage as said } from "../i18n/domain";
import { SamplingError } from "./errors";
import { type ModelStratum, SUSPECT_STRATA } from "./model-strata-keys";

export type AllocationRule =
  | { rule: "proportional" }
  /** Prior error rate per stratum, each in (0, 1); strata not named are refused. */
  | { rule: "neyman"; priorErrorRates: Partial<Record<ModelStratum, number>> }
  /** Weight k ≥ 1 on the suspect strata ("some", "most"). */
  | { rule: "oversample"; factor: number };

/** Step 2: the allocation weight of each stratum. */
export function allocationWeights(strata: readonly { key: ModelStratum; size: number }[], rule: AllocationRule): number[] {
  switch (rule.rule) {
    case "proportional":
      return strata.map((s) => s.size);
    case "neyman":
      return strata.map((s) => {
        const p = rule.priorErrorRates[s.key];
        if (typeof p !== "number" || !(p > 0 && p < 1)) {
          throw new SamplingError("INVALID_DESIGN", said("sampling.neymanPrior", { stratum: s.key }), {
            stratum: s.key,
          });
        }
        return s.size * Math.sqrt(p * (1 - p));
      });
    case "oversample": {
      const k = rule.factor;
      if (typeof k !== "number" || !Number.isFinite(k) || k < 1) {
        throw new SamplingError("INVALID_DESIGN", said("sampling.oversamplingFactor", { factor: String(k) }));
      }
      return strata.map((s) => (SUSPECT_STRATA.includes(s.key) ? k * s.size : s.size));
    }
    default:
      throw new SamplingError("INVALID_DESIGN", said("sampling.unknownAllocation"));
  }
}

/**
 * Steps 3–5: integer sample sizes n_h for stratum sizes N_h and weights w_h (> 0), summing to
 * n, each in [m_h, N_h]. Exported for the planner and the reference test.
 */
export function allocateStrata(sizes: readonly number[], weights: readonly number[], n: number): number[] {
  const H = sizes.length;
  const N = sizes.reduce((a, b) => a + b, 0);
  if (H === 0 || weights.length !== H) throw new SamplingError("INVALID_DESIGN", said("sampling.strataMismatch"));
  if (sizes.some((s) => !Number.isInteger(s) || s < 1)) throw new SamplingError("INVALID_DESIGN", said("sampling.emptyStratum"));
  if (weights.some((w) => !(w > 0) || !Number.isFinite(w))) {
    throw new SamplingError("INVALID_DESIGN", said("sampling.invalidWeight"));
  }
  if (!Number.isInteger(n) || n <= 0) {
    throw new SamplingError("INVALID_SIZE", said("sampling.invalidSize", { size: String(n) }), { size: n });
  }
  if (n > N) {
    throw new SamplingError("SIZE_EXCEEDS_FRAME", said("sampling.sizeExceedsFrame", { size: String(n), frameSize: String(N) }), {
      size: n,
      frameSize: N,
    });
  }
  const two = sizes.map((s) => Math.min(2, s));
  const twoTotal = two.reduce((a, b) => a + b, 0);
  if (n < H) {
    throw new SamplingError("INVALID_DESIGN", said("sampling.fewerThanStrata", { size: String(n), strata: String(H) }), {
      size: n,
      strata: H,
    });
  }
  const mins = n >= twoTotal ? two : sizes.map(() => 1);

  const fixed: (number | null)[] = sizes.map(() => null);
  const quotas = (): number[] => {
    let rest = n;
    let wFree = 0;
    for (let h = 0; h < H; h++) {
      const f = fixed[h];
      if (f === null || f === undefined) wFree += weights[h] as number;
      else rest -= f;
    }
    return sizes.map((_, h) => fixed[h] ?? (rest * (weights[h] as number)) / wFree);
  };
  let q = quotas();
  for (;;) {
    const over = q.map((x, h) => fixed[h] === null && x > (sizes[h] as number));
    if (!over.some(Boolean)) break;
    over.forEach((o, h) => {
      if (o) fixed[h] = sizes[h] as number;
    });
    q = quotas();
  }
  for (;;) {
    const under = q.map((x, h) => fixed[h] === null && x < (mins[h] as number));
    if (!under.some(Boolean)) break;
    under.forEach((u, h) => {
      if (u) fixed[h] = mins[h] as number;
    });
    q = quotas();
  }
  // Clamp float noise back into [m_h, N_h] before rounding.
  q = q.map((x, h) => Math.min(sizes[h] as number, Math.max(mins[h] as number, x)));
  const alloc = q.map((x) => Math.floor(x));
  let left = n - alloc.reduce((a, b) => a + b, 0);
  const frac = q.map((x, h) => x - (alloc[h] as number));
  const order = frac.map((_, h) => h).sort((i, j) => (frac[j] as number) - (frac[i] as number) || i - j);
  for (const h of order) {
    if (left <= 0) break;
    if ((alloc[h] as number) < (sizes[h] as number)) {
      alloc[h] = (alloc[h] as number) + 1;
      left--;
    }
  }
  // Only reachable through float noise in Σq; the strata still have room since n ≤ N.
  for (let h = 0; left > 0 && h < H; h++) {
    const room = (sizes[h] as number) - (alloc[h] as number);
    const add = Math.min(room, left);
    alloc[h] = (alloc[h] as number) + add;
    left -= add;
  }
  return alloc;
}
