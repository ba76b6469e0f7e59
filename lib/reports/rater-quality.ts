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
 * An interval is null when no replicate counted. Pure; the intervals computed before are kept by
 * their inputs (rater-quality-draws.ts), so a report after one saved rating redraws one dimension.
 */
import { createFastPrng } from "../evaluation/fast-prng";
import { QUANTILE_METHOD } from "../evaluation/quantile";
import type { BootstrapMethod } from "../evaluation/types";
import { canonicalSeed, PRNG_NAME, PRNG_VERSION } from "../sampling/prng";
import { strictMajority } from "./over-time";
import { quantile } from "./time-on-task";
import {
  AGREEING,
  COMPARED,
  countedMedian,
  drawPatterns,
  type Interval,
  interval,
  kept,
  patternsOf,
  RATED,
  ratio,
  sums,
  UNCERTAIN,
} from "./rater-quality-draws";
import type { AuditSnapshot, RubricDimension } from "./snapshot";

export { countedMedian, type Interval };

/** Each report gets its own copy of a kept interval. */
const copy = (i: Interval | null): Interval | null => i && { ...i };

export const RATER_QUALITY_REPLICATES = 1000;
export const UNCERTAIN_CATEGORY = "uncertain";
export const RATER_QUALITY_STREAM = "rater-quality";

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
  const raterIndex = new Map(s.raters.map((r, g) => [r.id, g] as const));
  // Each dimension's ratings per item, in one pass over the audit's ratings.
  const byDimension = new Map<string, Map<string, { rater: number; category: string }[]>>();
  for (const r of s.ratings) {
    const g = raterIndex.get(r.raterId);
    if (g === undefined) continue;
    let byItem = byDimension.get(r.dimension);
    if (!byItem) byDimension.set(r.dimension, (byItem = new Map()));
    const list = byItem.get(r.itemId);
    if (list) list.push({ rater: g, category: r.category });
    else byItem.set(r.itemId, [{ rater: g, category: r.category }]);
  }
  const inOrder = [...s.items].sort((a, b) => a.sampleOrder - b.sampleOrder);
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
    dimensions: s.rubric.map((d) => dimensionQuality(s, d, inOrder, byDimension.get(d.key) ?? new Map(), replicates, level)),
    ...(s.work ? { time: raterTimes(s, replicates, level) } : {}),
  };
}

function dimensionQuality(
  s: AuditSnapshot,
  d: RubricDimension,
  inOrder: readonly AuditSnapshot["items"][number][],
  byItem: Map<string, { rater: number; category: string }[]>,
  replicates: number,
  level: number,
): DimensionRaterQuality {
  const items = inOrder.filter((i) => byItem.has(i.id));
  const k = s.raters.length;
  const n = items.length;
  const uncertainCategory = d.categories.some((c) => c.key === UNCERTAIN_CATEGORY) ? UNCERTAIN_CATEGORY : null;
  const cells = new Uint8Array(n * k);
  const split = new Array<number>(k).fill(0);
  items.forEach((item, i) => {
    const list = byItem.get(item.id)!;
    for (const own of list) {
      const cell = i * k + own.rater;
      cells[cell]! |= RATED;
      if (own.category === uncertainCategory) cells[cell]! |= UNCERTAIN;
      const others = list.filter((r) => r.rater !== own.rater).map((r) => r.category);
      const majority = strictMajority(others);
      if (majority === null) {
        if (others.length > 0) split[own.rater]! += 1;
        continue;
      }
      cells[cell]! |= COMPARED;
      if (majority === own.category) cells[cell]! |= AGREEING;
    }
  });
  const patterns = patternsOf(cells, n, k);
  const drawn = new Float64Array(patterns.count);
  for (let i = 0; i < n; i++) drawn[patterns.of[i]!]! += 1;
  const full = sums(patterns, k, drawn);
  const stream = `${RATER_QUALITY_STREAM}/${d.key}`;
  const key = [canonicalSeed(s.audit.seed), stream, replicates, level, k, patterns.cells.join(","), patterns.of.join(",")].join("\u0000");
  const cis = kept(key, () => {
    const agreementReps = Array.from({ length: k }, () => new Float64Array(replicates));
    const uncertainReps = Array.from({ length: k }, () => new Float64Array(replicates));
    if (n > 0) {
      for (let b = 0; b < replicates; b++) {
        drawPatterns(createFastPrng(s.audit.seed, `${stream}/${b + 1}`), patterns.of, drawn);
        const rep = sums(patterns, k, drawn);
        for (let g = 0; g < k; g++) {
          agreementReps[g]![b] = ratio(rep.agreeing[g]!, rep.compared[g]!);
          uncertainReps[g]![b] = ratio(rep.uncertain[g]!, rep.rated[g]!);
        }
      }
    }
    return { agreement: agreementReps.map((r) => interval(r, level)), uncertain: uncertainReps.map((r) => interval(r, level)) };
  });
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
        agreementCi: agreement === null || n === 0 ? null : copy(cis.agreement[g]!),
        split: split[g]!,
        uncertain: uncertainCategory === null ? null : full.uncertain[g]!,
        uncertainShare,
        uncertainCi: uncertainShare === null || n === 0 ? null : copy(cis.uncertain[g]!),
      };
    }),
  };
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
    const stream = `${RATER_QUALITY_STREAM}/time/${r.label}`;
    const key = [canonicalSeed(s.audit.seed), stream, replicates, level, mine.join(",")].join("\u0000");
    const medianCi =
      m === 0
        ? null
        : kept(key, () => {
            const reps = new Float64Array(replicates);
            const counts = new Int32Array(m);
            for (let b = 0; b < replicates; b++) {
              const rng = createFastPrng(s.audit.seed, `${stream}/${b + 1}`);
              counts.fill(0);
              for (let j = 0; j < m; j++) counts[rankOf[rng.nextInt(m)]!]! += 1;
              reps[b] = countedMedian(counts, sorted);
            }
            return interval(reps, level);
          });
    return { rater: r.label, measured: m, medianMinutes: median, medianCi: copy(medianCi) };
  });
}
