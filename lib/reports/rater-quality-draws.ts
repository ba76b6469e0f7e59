/**
 * The draws behind the rater-quality intervals (rater-quality.ts): items grouped by the pattern of
 * their raters' cells, one replicate's draws counted per pattern, and the intervals kept by what
 * they are computed from. Pure, apart from the kept intervals (a cache of pure results).
 */
import { createHash } from "node:crypto";
import type { FastXoshiro256ss } from "../evaluation/fast-prng";
import { percentileBounds } from "../evaluation/quantile";

export interface Interval {
  lower: number;
  upper: number;
}

/** A rater's cell of an item, as bits: rated, uncertain, compared (the others have a strict majority), agreeing. */
export const RATED = 1;
export const UNCERTAIN = 2;
export const COMPARED = 4;
export const AGREEING = 8;

/**
 * The items of a dimension grouped by pattern: items whose k cells are the same count the same in
 * every sum, so a replicate counts how often each pattern was drawn and sums P × k cells instead of
 * n × k (a full review: a few dozen patterns for 4,745 items). The sums are of whole numbers, so
 * they are exactly those of the items one by one.
 */
export interface Patterns {
  /** Per pattern (rows) and rater (columns): the cell's bits. */
  cells: Uint8Array;
  /** Per item (sample order): its pattern. */
  of: Int32Array;
  count: number;
}

export function patternsOf(cells: Uint8Array, n: number, k: number): Patterns {
  const ids = new Map<string, number>();
  const of = new Int32Array(n);
  const rows: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = cells.subarray(i * k, (i + 1) * k);
    const key = row.join(",");
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = ids.size));
      rows.push(...row);
    }
    of[i] = id;
  }
  return { cells: Uint8Array.from(rows), of, count: ids.size };
}

/** Per rater, the sums of each bit over the patterns weighted by how often each was drawn. */
export function sums(p: Patterns, k: number, weights: Float64Array) {
  const out = { rated: new Float64Array(k), compared: new Float64Array(k), agreeing: new Float64Array(k), uncertain: new Float64Array(k) };
  for (let q = 0; q < p.count; q++) {
    const w = weights[q]!;
    if (w === 0) continue;
    for (let g = 0; g < k; g++) {
      const c = p.cells[q * k + g]!;
      if (c & RATED) out.rated[g]! += w;
      if (c & UNCERTAIN) out.uncertain[g]! += w;
      if (c & COMPARED) out.compared[g]! += w;
      if (c & AGREEING) out.agreeing[g]! += w;
    }
  }
  return out;
}

/** One replicate: n draws of nextInt(n) over the items; `counts[q]` = how often an item of pattern q was drawn. */
export function drawPatterns(rng: FastXoshiro256ss, of: Int32Array, counts: Float64Array): void {
  counts.fill(0);
  const n = of.length;
  for (let j = 0; j < n; j++) counts[of[rng.nextInt(n)]!]! += 1;
}

/**
 * Bootstrap intervals already computed, by everything they are computed from (seed, stream, B,
 * level and the items' cells or the rater's times, in draw order): a rating saved changes one
 * dimension, and the report computed after it redraws only that dimension's replicates, not the
 * 12 × 1,000 × 4,745 draws of a full review's. The most recent KEPT_INTERVALS are kept.
 */
const KEPT_INTERVALS = 512;
const intervals = new Map<string, unknown>();

export function kept<T>(key: string, compute: () => T): T {
  // By digest: a key spells out a dimension's cells or a rater's times (up to ~85 KB at a full review).
  const id = createHash("sha256").update(key).digest("base64");
  if (intervals.has(id)) {
    const value = intervals.get(id) as T;
    intervals.delete(id);
    intervals.set(id, value);
    return value;
  }
  const value = compute();
  intervals.set(id, value);
  if (intervals.size > KEPT_INTERVALS) intervals.delete(intervals.keys().next().value!);
  return value;
}

export const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);

/** Type-7 percentile interval of the replicates that counted (NaN: left out); null when none did. */
export function interval(reps: Float64Array, level: number): Interval | null {
  if (!reps.some((v) => !Number.isNaN(v))) return null;
  const { lower, upper } = percentileBounds(reps, level);
  return { lower, upper };
}

/** The type-7 median of a multiset given as counts per rank of `sorted` (quantile() of its sorted draws). */
export function countedMedian(counts: Int32Array, sorted: readonly number[]): number {
  let total = 0;
  for (const c of counts) total += c;
  const h = (total - 1) * 0.5;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, total - 1);
  let seen = 0;
  let low = Number.NaN;
  for (let rank = 0; rank < counts.length; rank++) {
    seen += counts[rank]!;
    if (Number.isNaN(low) && seen > lo) low = sorted[rank]!;
    if (seen > hi) return low + (h - lo) * (sorted[rank]! - low);
  }
  return low;
}
