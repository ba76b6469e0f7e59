/**
 * Each rater's quality, with its uncertainty. Per report dimension (a conversation's per-turn
 * dimensions, "gold@t3", each on their own, as everywhere else) and per rater:
 *
 * - **Agreement with the others.** On each item the rater rated, their category against the strict
 *   majority of the *other* raters' categories on it (leave-one-out, as in over-time.ts). When the
 *   others split evenly (no single most frequent category, e.g. 1–1) or nobody else rated the item,
 *   there is nothing to agree with: the item is counted in `split` (or not at all) and left out of
 *   both numerator and denominator. agreement = agreeing / compared.
 * - **Cohen's kappa with each other rater** is the engine's pairwise kappa already in the report
 *   (`agreement.pairwiseCohenKappa`); it is not recomputed here.
 * - **Uncertain share.** Of the rater's ratings on the dimension, the share in the category keyed
 *   `uncertain`; null when the dimension has no such category (it is not the tie category: "ambiguous"
 *   is an answer, not a doubt).
 * - **Median time per case** (per rater, not per dimension: time is measured per case): the median of
 *   their measured active minutes, as in time-on-task.ts.
 *
 * Intervals: percentile bootstrap over items, B replicates on the frozen PRNG (lib/sampling/prng.ts
 * spec v1, through its fast twin), seeded with the audit's seed. Replicate b (1…B) of a dimension
 * draws n items with nextInt(n) from stream `rater-quality/<dimension key>/<b>` over the dimension's
 * items with a rating (sample order), and every rater's share is recomputed on that draw; a
 * replicate where a rater has nothing to compare is left out for that rater. One stream per
 * replicate so a script can run the B generators side by side (base R has no 64-bit integers: its
 * generator steps every stream at once, 1000 × 300 draws in under a second). Time: per rater, stream `rater-quality/time/<label>/<b>`,
 * their measured cases in their own queue order. Bounds are type-7 quantiles at (1 ∓ level) / 2.
 * An interval is null when no replicate counted. Pure.
 */
import { createFastPrng, type FastXoshiro256ss } from "../evaluation/fast-prng";
import { percentileBounds, QUANTILE_METHOD } from "../evaluation/quantile";
import type { BootstrapMethod } from "../evaluation/types";
import { canonicalSeed, PRNG_NAME, PRNG_VERSION } from "../sampling/prng";
import { strictMajority } from "./over-time";
import { quantile } from "./time-on-task";
import type { AuditSnapshot, RubricDimension } from "./snapshot";

export const RATER_QUALITY_REPLICATES = 1000;
export const UNCERTAIN_CATEGORY = "uncertain";
export const RATER_QUALITY_STREAM = "rater-quality";

export interface Interval {
  lower: number;
  upper: number;
}

export interface RaterDimensionQuality {
  rater: string;
  /** Items of the dimension the rater rated. */
  rated: number;
  /** Items where the others have a strict majority; how many of those the rater matched; the share. */
  compared: number;
  agreeing: number;
  agreement: number | null;
  agreementCi: Interval | null;
  /** Items the rater rated where the other raters split evenly (left out of `compared`). */
  split: number;
  /** Ratings in the uncertain category (null: the dimension has none), and their share of `rated`. */
  uncertain: number | null;
  uncertainShare: number | null;
  uncertainCi: Interval | null;
}

export interface DimensionRaterQuality {
  key: string;
  /** Items with at least one rating on the dimension: what each replicate resamples. */
  items: number;
  /** The category counted as uncertain, or null when the dimension has none. */
  uncertainCategory: string | null;
  raters: RaterDimensionQuality[];
}

export interface RaterTimeQuality {
  rater: string;
  measured: number;
  medianMinutes: number | null;
  medianCi: Interval | null;
}

export interface RaterQuality {
  /** As the evaluation bootstraps state theirs, plus how ties with the others are counted. */
  method: Omit<BootstrapMethod, "kind"> & { kind: "item percentile bootstrap"; ties: string };
  dimensions: DimensionRaterQuality[];
  /** Absent when the snapshot does not state time on task. */
  time?: RaterTimeQuality[];
}

export const TIES_RULE =
  "agreement with the strict majority of the other raters; items where the others split evenly, or nobody else rated, are not compared";

export function raterQuality(s: AuditSnapshot, replicates = RATER_QUALITY_REPLICATES): RaterQuality {
  const level = s.audit.confidenceLevel ?? 0.95;
  return {
    method: {
      kind: "item percentile bootstrap",
      replicates,
      level,
      seed: canonicalSeed(s.audit.seed),
      stream: RATER_QUALITY_STREAM,
      prng: `${PRNG_NAME} v${PRNG_VERSION} (replicate b: stream <stream>/<dimension>/<b>, n draws of nextInt(n) over the dimension's rated items in sample order)`,
      quantile: QUANTILE_METHOD,
      ties: TIES_RULE,
    },
    dimensions: s.rubric.map((d) => dimensionQuality(s, d, replicates, level)),
    ...(s.work ? { time: raterTimes(s, replicates, level) } : {}),
  };
}

/** Per item (rows) and rater (columns): rated, compared, agreeing, uncertain as 0/1. */
interface Tallies {
  rated: Uint8Array;
  compared: Uint8Array;
  agreeing: Uint8Array;
  uncertain: Uint8Array;
}

function dimensionQuality(s: AuditSnapshot, d: RubricDimension, replicates: number, level: number): DimensionRaterQuality {
  const raterIndex = new Map(s.raters.map((r, g) => [r.id, g] as const));
  const byItem = new Map<string, { rater: number; category: string }[]>();
  for (const r of s.ratings) {
    const g = raterIndex.get(r.raterId);
    if (r.dimension !== d.key || g === undefined) continue;
    byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), { rater: g, category: r.category }]);
  }
  const items = [...s.items].sort((a, b) => a.sampleOrder - b.sampleOrder).filter((i) => byItem.has(i.id));
  const k = s.raters.length;
  const n = items.length;
  const uncertainCategory = d.categories.some((c) => c.key === UNCERTAIN_CATEGORY) ? UNCERTAIN_CATEGORY : null;
  const t: Tallies = {
    rated: new Uint8Array(n * k),
    compared: new Uint8Array(n * k),
    agreeing: new Uint8Array(n * k),
    uncertain: new Uint8Array(n * k),
  };
  const split = new Array<number>(k).fill(0);
  items.forEach((item, i) => {
    const list = byItem.get(item.id)!;
    for (const own of list) {
      const cell = i * k + own.rater;
      t.rated[cell] = 1;
      if (own.category === uncertainCategory) t.uncertain[cell] = 1;
      const others = list.filter((r) => r.rater !== own.rater).map((r) => r.category);
      const majority = strictMajority(others);
      if (majority === null) {
        if (others.length > 0) split[own.rater]! += 1;
        continue;
      }
      t.compared[cell] = 1;
      if (majority === own.category) t.agreeing[cell] = 1;
    }
  });
  const sums = (weights: Float64Array) => {
    const out = {
      rated: new Float64Array(k),
      compared: new Float64Array(k),
      agreeing: new Float64Array(k),
      uncertain: new Float64Array(k),
    };
    for (let i = 0; i < n; i++) {
      const w = weights[i]!;
      if (w === 0) continue;
      for (let g = 0; g < k; g++) {
        const cell = i * k + g;
        out.rated[g]! += w * t.rated[cell]!;
        out.compared[g]! += w * t.compared[cell]!;
        out.agreeing[g]! += w * t.agreeing[cell]!;
        out.uncertain[g]! += w * t.uncertain[cell]!;
      }
    }
    return out;
  };
  const full = sums(new Float64Array(n).fill(1));
  // Each replicate as counts of how often each item was drawn (the same draws, summed as weights).
  const agreementReps = Array.from({ length: k }, () => new Float64Array(replicates));
  const uncertainReps = Array.from({ length: k }, () => new Float64Array(replicates));
  if (n > 0) {
    const drawn = new Float64Array(n);
    for (let b = 0; b < replicates; b++) {
      drawItems(createFastPrng(s.audit.seed, `${RATER_QUALITY_STREAM}/${d.key}/${b + 1}`), drawn);
      const rep = sums(drawn);
      for (let g = 0; g < k; g++) {
        agreementReps[g]![b] = ratio(rep.agreeing[g]!, rep.compared[g]!);
        uncertainReps[g]![b] = ratio(rep.uncertain[g]!, rep.rated[g]!);
      }
    }
  }
  return {
    key: d.key,
    items: n,
    uncertainCategory,
    raters: s.raters.map((r, g) => {
      const compared = full.compared[g]!;
      const rated = full.rated[g]!;
      const agreement = compared === 0 ? null : full.agreeing[g]! / compared;
      const uncertainShare = uncertainCategory === null || rated === 0 ? null : full.uncertain[g]! / rated;
      return {
        rater: r.label,
        rated,
        compared,
        agreeing: full.agreeing[g]!,
        agreement,
        agreementCi: agreement === null || n === 0 ? null : interval(agreementReps[g]!, level),
        split: split[g]!,
        uncertain: uncertainCategory === null ? null : full.uncertain[g]!,
        uncertainShare,
        uncertainCi: uncertainShare === null || n === 0 ? null : interval(uncertainReps[g]!, level),
      };
    }),
  };
}

/** One replicate: `counts[i]` = how often item i was drawn in n draws of nextInt(n). */
function drawItems(rng: FastXoshiro256ss, counts: Float64Array): void {
  counts.fill(0);
  for (let j = 0; j < counts.length; j++) counts[rng.nextInt(counts.length)]! += 1;
}

const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);

/** Type-7 percentile interval of the replicates that counted (NaN: left out); null when none did. */
function interval(reps: Float64Array, level: number): Interval | null {
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

function raterTimes(s: AuditSnapshot, replicates: number, level: number): RaterTimeQuality[] {
  const order = new Map(s.items.map((i) => [i.id, i.sampleOrder] as const));
  return s.raters.map((r) => {
    const mine = (s.work ?? [])
      .filter((w) => w.raterId === r.id && w.rated && w.activeMs > 0 && order.has(w.itemId))
      .map((w) => ({ position: w.position ?? order.get(w.itemId)!, sample: order.get(w.itemId)!, minutes: w.activeMs / 60_000 }))
      .sort((a, b) => a.position - b.position || a.sample - b.sample)
      .map((w) => w.minutes);
    const m = mine.length;
    // Each case's rank among the rater's sorted minutes: a replicate's median is then read off the
    // counts per rank (linear), not by sorting 16,000 draws a thousand times.
    const byRank = mine.map((_, j) => j).sort((a, b) => mine[a]! - mine[b]! || a - b);
    const sorted = byRank.map((j) => mine[j]!);
    const rankOf = new Int32Array(m);
    byRank.forEach((j, rank) => {
      rankOf[j] = rank;
    });
    const median = quantile(sorted, 0.5);
    let medianCi: Interval | null = null;
    if (m > 0) {
      const reps = new Float64Array(replicates);
      const counts = new Int32Array(m);
      for (let b = 0; b < replicates; b++) {
        const rng = createFastPrng(s.audit.seed, `${RATER_QUALITY_STREAM}/time/${r.label}/${b + 1}`);
        counts.fill(0);
        for (let j = 0; j < m; j++) counts[rankOf[rng.nextInt(m)]!]! += 1;
        reps[b] = countedMedian(counts, sorted);
      }
      medianCi = interval(reps, level);
    }
    return { rater: r.label, measured: m, medianMinutes: median, medianCi };
  });
}
