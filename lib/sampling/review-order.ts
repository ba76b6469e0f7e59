/**
 * The order in which one rater meets an audit's items, without hindsight.
 *
 * A rater who has read a patient's record past decision point D2's cutoff (while judging D3)
 * can no longer judge D2 as a clinician at D2's cutoff would. So one patient's decision points
 * must come in cutoff order for every rater, while the order across patients is random (and,
 * by default, different per rater, so position effects such as fatigue average out over raters).
 *
 * Algorithm "shuffle-then-cutoff-within-patient", version 1 (FROZEN: a recorded audit must give
 * the same order for ever; a different rule gets a new version beside this one):
 *   1. Start from the audit's items in sample order (sampleOrder ascending).
 *   2. Shuffle them fully with `partialShuffle(items, n, createPrng(auditSeed, stream))`, the frozen
 *      PRNG v1, where `stream` is `streamLabel(mode, raterKey)`:
 *        per-rater: "review-order/v1/rater:" + raterKey   (raterKey = the rater's user id)
 *        shared:    "review-order/v1/shared"
 *   3. Stable reorder within patients: the positions the shuffle gave one patient's items keep
 *      belonging to that patient, and are refilled with that patient's items sorted by cutoff
 *      (earlier first; items without a cutoff after those with one), then decision point, then
 *      sample order. Patients therefore stay spread over the queue exactly as shuffled.
 *   4. Position = index + 1.
 * Positions cover every sampled item, so a rater's order does not change when items are assigned
 * to them later; a rater who gets only some items meets them in this order with gaps.
 *
 * Extended samples (lib/sampling/extend.ts): the items an extension from n to m added (sample order
 * n+1..m) are ordered among themselves by steps 1–3 with the stream `streamLabel(...) + "/extend:n-m"`
 * and take positions n+1..m, after every earlier item, so no existing position moves. An audit
 * without extensions gets exactly the v1 positions above.
 */
import { createPrng, partialShuffle, type Seed } from "./prng";

export const REVIEW_ORDER_ALGORITHM = "shuffle-then-cutoff-within-patient";
export const REVIEW_ORDER_VERSION = 1;
export const REVIEW_ORDER_MODES = ["per-rater", "shared"] as const;
export type ReviewOrderMode = (typeof REVIEW_ORDER_MODES)[number];

/** What an audit records about its review order (stored in `Audit.sampling.reviewOrder`). */
export interface ReviewOrderRule {
  algorithm: typeof REVIEW_ORDER_ALGORITHM;
  version: typeof REVIEW_ORDER_VERSION;
  mode: ReviewOrderMode;
}

export interface OrderableItem {
  /** Any stable id (the audit item's). */
  id: string;
  sampleOrder: number;
  patientId: string;
  /** Decision-point cutoff; null for items without one (conversations). */
  cutoff: Date | null;
  decisionPoint: number | null;
}

export function reviewOrderRule(mode: ReviewOrderMode): ReviewOrderRule {
  return { algorithm: REVIEW_ORDER_ALGORITHM, version: REVIEW_ORDER_VERSION, mode };
}

/** The rule stored with an audit, or null (audits made before orders were recorded: sample order). */
export function storedReviewOrderRule(sampling: unknown): ReviewOrderRule | null {
  const r = (sampling as { reviewOrder?: Partial<ReviewOrderRule> } | null)?.reviewOrder;
  if (!r || r.algorithm !== REVIEW_ORDER_ALGORITHM || r.version !== REVIEW_ORDER_VERSION) return null;
  return REVIEW_ORDER_MODES.includes(r.mode as ReviewOrderMode) ? reviewOrderRule(r.mode as ReviewOrderMode) : null;
}

/** The PRNG stream of one rater's order (step 2). */
export function streamLabel(mode: ReviewOrderMode, raterKey: string): string {
  return mode === "shared" ? `review-order/v${REVIEW_ORDER_VERSION}/shared` : `review-order/v${REVIEW_ORDER_VERSION}/rater:${raterKey}`;
}

const byCutoff = (a: OrderableItem, b: OrderableItem): number => {
  if (a.cutoff && b.cutoff && +a.cutoff !== +b.cutoff) return +a.cutoff - +b.cutoff;
  if (!a.cutoff !== !b.cutoff) return a.cutoff ? -1 : 1;
  return (a.decisionPoint ?? Infinity) - (b.decisionPoint ?? Infinity) || a.sampleOrder - b.sampleOrder;
};

/** The items in one rater's review order (steps 1–3). Pure; the input is not changed. */
export function reviewOrder<T extends OrderableItem>(items: readonly T[], seed: Seed, mode: ReviewOrderMode, raterKey: string): T[] {
  return orderWithinPatients(items, streamLabel(mode, raterKey), seed);
}

function orderWithinPatients<T extends OrderableItem>(items: readonly T[], stream: string, seed: Seed): T[] {
  const shuffled = [...items].sort((a, b) => a.sampleOrder - b.sampleOrder);
  partialShuffle(shuffled, shuffled.length, createPrng(seed, stream));
  const queues = new Map<string, T[]>();
  for (const item of shuffled) queues.set(item.patientId, [...(queues.get(item.patientId) ?? []), item]);
  for (const list of queues.values()) list.sort(byCutoff);
  const next = new Map([...queues.keys()].map((p) => [p, 0]));
  return shuffled.map((item) => {
    const i = next.get(item.patientId)!;
    next.set(item.patientId, i + 1);
    return queues.get(item.patientId)![i]!;
  });
}

/** Item id → 1-based position in the rater's order (step 4). */
export function reviewPositions(items: readonly OrderableItem[], seed: Seed, mode: ReviewOrderMode, raterKey: string): Map<string, number> {
  return new Map(reviewOrder(items, seed, mode, raterKey).map((item, i) => [item.id, i + 1]));
}

/** An extension of the sample: the items with sampleOrder in (fromSize, toSize]. */
export interface OrderSegment {
  fromSize: number;
  toSize: number;
}

/**
 * Positions for a sample that may have been extended: the original items as reviewPositions, each
 * extension's items after them in their own order (see the header). `extensions` ascending.
 */
export function extendedReviewPositions(
  items: readonly OrderableItem[],
  seed: Seed,
  mode: ReviewOrderMode,
  raterKey: string,
  extensions: readonly OrderSegment[],
): Map<string, number> {
  if (extensions.length === 0) return reviewPositions(items, seed, mode, raterKey);
  const first = extensions[0]!.fromSize;
  const positions = reviewPositions(
    items.filter((i) => i.sampleOrder <= first),
    seed,
    mode,
    raterKey,
  );
  for (const { fromSize, toSize } of extensions) {
    const part = items.filter((i) => i.sampleOrder > fromSize && i.sampleOrder <= toSize);
    const stream = `${streamLabel(mode, raterKey)}/extend:${fromSize}-${toSize}`;
    const shuffled = orderWithinPatients(part, stream, seed);
    shuffled.forEach((item, i) => positions.set(item.id, fromSize + i + 1));
  }
  return positions;
}

/**
 * Added items that a rater may meet after a later decision point of the same patient (already in
 * the sample, so perhaps already judged with the record read past the added item's cutoff). The
 * order cannot prevent it without moving existing positions; the organizer is told, and the count
 * is recorded with the extension.
 */
export function itemsAfterLaterCutoff(existing: readonly OrderableItem[], added: readonly OrderableItem[]): string[] {
  const latest = new Map<string, number>();
  for (const e of existing) if (e.cutoff) latest.set(e.patientId, Math.max(latest.get(e.patientId) ?? -Infinity, +e.cutoff));
  return added.filter((a) => a.cutoff && (latest.get(a.patientId) ?? -Infinity) > +a.cutoff).map((a) => a.id);
}
