/**
 * Time on task: each rater's measured active time per item (page visible, window focused, input in
 * the last minute; measured in the browser, bounded on the server). Summarised over the rated
 * assignments that carry a measurement (activeMs > 0): items rated before measuring began, or never
 * opened, have none and are left out rather than counted as zero. Quantiles are R's default
 * (type 7, linear interpolation), so `quantile(x, c(.25, .5, .75))` on the CSV's minutes agrees.
 */
import { csvText } from "../csv";
import { fixed } from "./format";
import type { AuditSnapshot } from "./snapshot";

export interface TimeOnTaskSummary {
  /** Rated assignments with a measurement. */
  measured: number;
  medianMinutes: number | null;
  q1Minutes: number | null;
  q3Minutes: number | null;
  /** Per rater label, snapshot order. */
  perRater: { rater: string; measured: number; medianMinutes: number | null; totalMinutes: number }[];
}

/** R type-7 quantile of sorted values; null when empty. */
export function quantile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

const minutes = (ms: number) => ms / 60_000;

export type TimeUnit = "seconds" | "minutes";

/** Seconds below a minute (a quick item would read "0.0 minutes"), minutes from there on. */
export function timeUnit(minutes: number): TimeUnit {
  return minutes * 60 < 59.5 ? "seconds" : "minutes";
}

/** A time in minutes written in `unit`: whole seconds, or minutes to one decimal. */
export function inTimeUnit(minutes: number | null, unit: TimeUnit): string {
  return unit === "seconds" ? fixed(minutes === null ? null : minutes * 60, 0) : fixed(minutes, 1);
}

export function timeOnTask(s: AuditSnapshot): TimeOnTaskSummary | null {
  if (!s.work) return null;
  const measured = s.work.filter((w) => w.rated && w.activeMs > 0);
  const sortedMinutes = (list: typeof measured) => list.map((w) => minutes(w.activeMs)).sort((a, b) => a - b);
  const all = sortedMinutes(measured);
  return {
    measured: all.length,
    medianMinutes: quantile(all, 0.5),
    q1Minutes: quantile(all, 0.25),
    q3Minutes: quantile(all, 0.75),
    perRater: s.raters.map((r) => {
      const mine = sortedMinutes(measured.filter((w) => w.raterId === r.id));
      return { rater: r.label, measured: mine.length, medianMinutes: quantile(mine, 0.5), totalMinutes: mine.reduce((a, b) => a + b, 0) };
    }),
  };
}

/**
 * `item,rater,active_seconds,flagged,rated`: one row per active assignment, items in sample order,
 * raters in snapshot order; seconds to one decimal (the stored milliseconds / 1000). Same snapshot,
 * same bytes.
 */
export function timeOnTaskCsv(s: AuditSnapshot): string {
  const items = new Map(s.items.map((i) => [i.id, i]));
  const raterIndex = new Map(s.raters.map((r, i) => [r.id, i]));
  const rows = [...(s.work ?? [])]
    .filter((w) => items.has(w.itemId) && raterIndex.has(w.raterId))
    .sort(
      (a, b) =>
        items.get(a.itemId)!.sampleOrder - items.get(b.itemId)!.sampleOrder || raterIndex.get(a.raterId)! - raterIndex.get(b.raterId)!,
    )
    .map((w) => [
      items.get(w.itemId)!.externalId,
      s.raters[raterIndex.get(w.raterId)!]!.label,
      (w.activeMs / 1000).toFixed(1),
      String(w.flagged),
      String(w.rated),
    ]);
  return csvText([["item", "rater", "active_seconds", "flagged", "rated"], ...rows]);
}
