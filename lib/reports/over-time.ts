/**
 * Agreement over time: is the audit's agreement holding up as it goes on? Per report dimension
 * (a conversation's per-turn dimensions, "gold@t3", each on their own, as everywhere else):
 *
 * - **Windows.** The items with two or more ratings (those agreement can be judged on), ordered by
 *   when their last rating on the dimension was given (ties: sample order), cut into `windows`
 *   equal-count windows (sizes differ by at most one; fewer windows than items never). Each
 *   window's AC1 and percent agreement come from the agreement engine on exactly that window's
 *   ratings, without the finite-population correction (a window's share of the benchmark is
 *   unknown; as for chapters, its interval is conservative). A window under `minItems` items is
 *   "too few to judge"; one where every pair of ratings agrees is "total agreement".
 * - **The prompt.** When the latest window's AC1 is more than `dropShare` (relative) below the
 *   whole-audit AC1, the dashboard says so. Only when the whole-audit AC1 is positive: below
 *   chance a relative drop means nothing.
 * - **Per rater (fatigue).** Each rater's rated items in the order of their own queue, cut the
 *   same way; per window, how often their category equals the strict majority of the *other*
 *   raters (items where the others have no strict majority are not compared), beside the median
 *   active minutes they spent per item in that window.
 *
 * Guideline edits (trail times) are placed on the timeline by how many windows were complete
 * (last item rated) before the edit. Pure; times are ISO-8601 UTC strings, which sort as instants.
 */
import type { LongRating } from "../agreement/long-format";
import { agreementSummary } from "../agreement/report";
import type { CoefficientResult } from "../agreement/types";
import { engineInput } from "./engine-input";
import type { AuditSnapshot, RubricDimension } from "./snapshot";
import { quantile } from "./time-on-task";

export interface OverTimeOptions {
  windows: number;
  minItems: number;
  dropShare: number;
}

export const OVER_TIME_DEFAULTS: OverTimeOptions = { windows: 6, minItems: 5, dropShare: 0.15 };

export type WindowStatus = "ok" | "tooFew" | "totalAgreement";

export interface AgreementWindow {
  /** 1-based. */
  window: number;
  items: number;
  /** Last-rating time of the window's first and last item. */
  from: string;
  to: string;
  status: WindowStatus;
  gwetAc1: CoefficientResult;
  percentAgreement: CoefficientResult;
}

export interface RaterWindow {
  window: number;
  /** The rater's rated items in the window; their queue positions from…to. */
  items: number;
  fromPosition: number;
  toPosition: number;
  /** Items where the other raters have a strict majority, and how many of those the rater matched. */
  compared: number;
  agreeing: number;
  share: number | null;
  status: "ok" | "tooFew";
  /** Median measured active minutes per item of the window (items with a measurement); null: none. */
  medianMinutes: number | null;
}

export interface DimensionOverTime {
  key: string;
  windows: AgreementWindow[];
  /** The whole-audit AC1 (the dashboard's), the latest window's, and the relative drop. */
  drop: { overall: number | null; latest: number | null; share: number | null; prompt: boolean };
  guidelineEdits: { at: string; afterWindows: number }[];
  raters: { rater: string; windows: RaterWindow[] }[];
}

export interface AgreementOverTime {
  options: OverTimeOptions;
  /** When the reviewing guidelines were saved (trail), oldest first. */
  guidelineEdits: string[];
  dimensions: DimensionOverTime[];
}

/** Whether the snapshot says when each rating was given (the server's does; old fixtures do not). */
export function hasRatingTimes(s: AuditSnapshot): boolean {
  return s.ratings.length > 0 && s.ratings.every((r) => typeof r.at === "string");
}

/** [start, end) of each of `k` equal-count windows over `n` things (k capped at n). */
export function windowBounds(n: number, k: number): [number, number][] {
  const count = Math.min(Math.max(1, Math.floor(k)), n);
  return Array.from({ length: count }, (_, w) => [Math.floor((w * n) / count), Math.floor(((w + 1) * n) / count)]);
}

export function agreementOverTime(
  s: AuditSnapshot,
  overall: ReadonlyMap<string, number | null>,
  options: OverTimeOptions = OVER_TIME_DEFAULTS,
): AgreementOverTime {
  const edits = [...(s.audit.guidelineEdits ?? [])].sort();
  const c = context(s);
  return {
    options: { ...options },
    guidelineEdits: edits,
    dimensions: s.rubric.map((d) => dimensionOverTime(c, d, overall.get(d.key) ?? null, edits, options)),
  };
}

/** What every dimension and rater looks up, built once per report rather than once per dimension. */
interface Context {
  s: AuditSnapshot;
  order: Map<string, number>;
  external: Map<string, string>;
  label: Map<string, string>;
  raterRank: Map<string, number>;
  /** The sampled items' ratings by dimension, then item (in snapshot order). */
  byDimension: Map<string, Map<string, Rated[]>>;
  /** Each rater's time and queue position per item. */
  work: Map<string, Map<string, NonNullable<AuditSnapshot["work"]>[number]>>;
}

function context(s: AuditSnapshot): Context {
  const order = new Map(s.items.map((i) => [i.id, i.sampleOrder] as const));
  const byDimension = new Map<string, Map<string, Rated[]>>();
  for (const r of s.ratings) {
    if (!order.has(r.itemId)) continue;
    let byItem = byDimension.get(r.dimension);
    if (!byItem) byDimension.set(r.dimension, (byItem = new Map()));
    let list = byItem.get(r.itemId);
    if (!list) byItem.set(r.itemId, (list = []));
    list.push({ item: r.itemId, rater: r.raterId, category: r.category, at: r.at ?? "" });
  }
  const work: Context["work"] = new Map(s.raters.map((r) => [r.id, new Map()] as const));
  for (const w of s.work ?? []) work.get(w.raterId)?.set(w.itemId, w);
  return {
    s,
    order,
    external: new Map(s.items.map((i) => [i.id, i.externalId] as const)),
    label: new Map(s.raters.map((r) => [r.id, r.label] as const)),
    raterRank: new Map(s.raters.map((r, g) => [r.id, g] as const)),
    byDimension,
    work,
  };
}

interface Rated {
  item: string;
  rater: string;
  category: string;
  at: string;
}

function dimensionOverTime(
  c: Context,
  d: RubricDimension,
  overall: number | null,
  edits: readonly string[],
  o: OverTimeOptions,
): DimensionOverTime {
  const { s, order, external, label, raterRank } = c;
  const byItem = c.byDimension.get(d.key) ?? new Map<string, Rated[]>();
  // ISO strings: the latest is the last in sort order (Math.max would take numbers).
  const last = (list: readonly Rated[]) =>
    list
      .map((r) => r.at)
      .sort()
      .at(-1) ?? "";
  const judged = [...byItem.entries()]
    .filter(([, list]) => list.length >= 2)
    .map(([item, list]) => ({ item, at: last(list), list }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : (order.get(a.item) ?? 0) - (order.get(b.item) ?? 0)));
  const windows = windowBounds(judged.length, o.windows).map(([start, end], w): AgreementWindow => {
    const part = judged.slice(start, end);
    // The engine's input as the long CSV lists it: sample order, then rater order.
    const ratings: LongRating[] = part
      .slice()
      .sort((a, b) => (order.get(a.item) ?? 0) - (order.get(b.item) ?? 0))
      .flatMap((x) =>
        x.list
          .slice()
          .sort((a, b) => (raterRank.get(a.rater) ?? 0) - (raterRank.get(b.rater) ?? 0))
          .map((r) => ({ item: external.get(r.item) ?? r.item, rater: label.get(r.rater) ?? r.rater, category: r.category })),
      );
    const { gwetAc1, percentAgreement } = agreementSummary({ ...engineInput(s, d, ratings), populationSize: Infinity });
    const status: WindowStatus = part.length < o.minItems ? "tooFew" : percentAgreement.pa === 1 ? "totalAgreement" : "ok";
    return { window: w + 1, items: part.length, from: part[0]!.at, to: part.at(-1)!.at, status, gwetAc1, percentAgreement };
  });
  const latestWindow = windows.at(-1);
  const latest = latestWindow && latestWindow.status !== "tooFew" ? latestWindow.gwetAc1.coeff : null;
  const share = overall !== null && latest !== null && overall > 0 ? (overall - latest) / overall : null;
  return {
    key: d.key,
    windows,
    drop: { overall, latest, share, prompt: share !== null && share > o.dropShare },
    guidelineEdits: edits.map((at) => ({ at, afterWindows: windows.filter((w) => w.to < at).length })),
    raters: s.raters.map((r) => ({ rater: r.label, windows: raterWindows(c, r.id, byItem, o) })),
  };
}

/** The strict majority of these categories, or null (none, or a tie at the top). */
export function strictMajority(categories: readonly string[]): string | null {
  // Called for every item, rater and dimension of a report, on a handful of ratings: counted in
  // place rather than in a Map per call. Each category is counted where it first appears.
  let best: string | null = null;
  let top = 0;
  let tied = false;
  for (let i = 0; i < categories.length; i++) {
    const c = categories[i]!;
    if (categories.indexOf(c) < i) continue;
    let n = 0;
    for (let j = i; j < categories.length; j++) if (categories[j] === c) n++;
    if (n > top) {
      best = c;
      top = n;
      tied = false;
    } else if (n === top) tied = true;
  }
  return tied ? null : best;
}

function raterWindows(c: Context, raterId: string, byItem: ReadonlyMap<string, Rated[]>, o: OverTimeOptions): RaterWindow[] {
  const { order } = c;
  const work = c.work.get(raterId) ?? new Map();
  const mine: { itemId: string; position: number; sampleOrder: number; match: boolean | null }[] = [];
  for (const [itemId, list] of byItem) {
    const own = list.find((r) => r.rater === raterId);
    if (!own) continue;
    const others: string[] = [];
    for (const r of list) if (r.rater !== raterId) others.push(r.category);
    const majority = strictMajority(others);
    const sampleOrder = order.get(itemId) ?? 0;
    const position = work.get(itemId)?.position ?? sampleOrder;
    mine.push({ itemId, position, sampleOrder, match: majority === null ? null : majority === own.category });
  }
  mine.sort((a, b) => a.position - b.position || a.sampleOrder - b.sampleOrder);
  return windowBounds(mine.length, o.windows).map(([start, end], w) => {
    const part = mine.slice(start, end);
    const compared = part.filter((x) => x.match !== null).length;
    const agreeing = part.filter((x) => x.match === true).length;
    const minutes = part
      .map((x) => work.get(x.itemId)?.activeMs ?? 0)
      .filter((ms) => ms > 0)
      .map((ms) => ms / 60_000)
      .sort((a, b) => a - b);
    return {
      window: w + 1,
      items: part.length,
      fromPosition: part[0]!.position,
      toPosition: part.at(-1)!.position,
      compared,
      agreeing,
      share: compared === 0 ? null : agreeing / compared,
      status: compared < o.minItems ? "tooFew" : "ok",
      medianMinutes: quantile(minutes, 0.5),
    };
  });
}
