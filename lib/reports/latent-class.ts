/**
 * The Dawid–Skene latent-class estimates of one report dimension (lib/agreement/latent-class.ts)
 * beside its majority vote: each rated item's posterior and latent-class mode, each rater's
 * confusion matrix with sensitivity and specificity for the error category, and the benchmark-wide
 * error-rate estimate (mean posterior of the error category) with its item-bootstrap interval.
 *
 * The interval (B = 10,000 refits on the frozen PRNG) is not computed with the report: a refit can
 * run its full 10,000 EM iterations (a class that is mostly noise, such as "uncertain", drifts
 * along a ridge; the report's own fit may run 1,000,000), so the 10,000 refits take from under a
 * minute to several (bench/latent-class.ts).
 * A background thread computes it once per input (lib/server/reports/latent-interval) and keeps it
 * in the database; the snapshot carries the kept intervals and the report uses one only when its
 * fingerprint (`intervalInputs`, bootstrapInputs) is that of the current ratings. Until then
 * `errorRate.interval` is null: not yet computed.
 */
import type { DimensionReport } from "../agreement/report";
import { errorDetection } from "../agreement/dawid-skene";
import {
  bootstrapInputs,
  LATENT_CLASS_REPLICATES,
  type LatentClassBootstrap,
  type LatentClassBootstrapSettings,
  type LatentBootstrapModel,
  type LatentClassRater,
  latentClassModel,
  latentSettled,
} from "../agreement/latent-class";
import type { LongRating } from "../agreement/long-format";
import { dimensionRatings, type SnapshotItem, sortedItems } from "./ordering";
import type { AuditSnapshot, KeptLatentInterval, RubricDimension } from "./snapshot";

export type { KeptLatentInterval } from "./snapshot";

/** Replicate b of a dimension's interval draws from stream `latent-class/<dimension key>/<b>`. */
export const LATENT_CLASS_STREAM = "latent-class";

export interface LatentClassRaterSummary extends LatentClassRater {
  /** P(says the error category | the item is an error); null without an error category or prior mass. */
  sensitivity: number | null;
  /** P(does not say it | the item is not an error), classes weighted by the prior. */
  specificity: number | null;
}

export interface LatentClassItem {
  itemId: string;
  externalId: string;
  sampleOrder: number;
  /** Posterior per category, rubric order. */
  posterior: number[];
  /** Category with the largest posterior (the first in rubric order on an exact tie). */
  mode: string;
  /** The majority label (the tie category for a tie). */
  majority: string | null;
}

export interface LatentClassSummary {
  method: string;
  categories: string[];
  prior: number[];
  iterations: number;
  converged: boolean;
  /** Two raters the ratings cannot tell apart whom the fit set apart (LatentClassFit.mirrored); null: none. */
  mirrored: [string, string] | null;
  logLikelihood: number;
  raters: LatentClassRaterSummary[];
  /** Mean posterior of the error category over the rated items; null without an error category. */
  errorRate: {
    estimate: number;
    /** The item-bootstrap percentile interval; null: not yet computed for these ratings (it is computed apart). */
    interval: LatentClassBootstrap | null;
    /** Fingerprint of the interval's inputs (ratings, category, seed, stream, B, level): what a kept interval must match. */
    intervalInputs: string;
  } | null;
  /** Every rated item in sample order. */
  items: LatentClassItem[];
  /** Items whose latent-class mode is not their majority label. */
  disagreements: LatentClassItem[];
}

/** The bootstrap's settings for a dimension: the audit's seed and confidence level, B = 10,000. */
export function latentIntervalSettings(s: AuditSnapshot, d: RubricDimension): LatentClassBootstrapSettings {
  return {
    seed: s.audit.seed,
    stream: `${LATENT_CLASS_STREAM}/${d.key}`,
    replicates: LATENT_CLASS_REPLICATES,
    level: s.audit.confidenceLevel ?? 0.95,
  };
}

/** What one dimension's interval is computed from, as the report and the background thread both derive it. */
export interface LatentIntervalTask {
  dimension: string;
  inputs: string;
  /** The fit's model as the bootstrap needs it (its per-item fit left out where it is sent: slimTasks). */
  model: LatentBootstrapModel;
  e: number;
  settings: LatentClassBootstrapSettings;
}

/**
 * The tasks as sent to another thread: each model without its per-item fit, which the bootstrap
 * does not use (a full review's 12 tasks: 1.2 MB in the structured clone's format with it, 74 KB without).
 */
export function slimTasks(tasks: readonly LatentIntervalTask[]): LatentIntervalTask[] {
  return tasks.map(({ model: { raw, patterns, weights }, ...task }) => ({ ...task, model: { raw, patterns, weights } }));
}

/** The interval tasks of the snapshot: every dimension with an error category and ratings. */
export function latentIntervalTasks(s: AuditSnapshot): LatentIntervalTask[] {
  const items = sortedItems(s);
  return s.rubric.flatMap((d) => {
    const categories = d.categories.map((c) => c.key);
    const e = d.errorCategory ? categories.indexOf(d.errorCategory) : -1;
    const model = e < 0 ? null : latentClassModel(dimensionRatings(s, d.key, items), categories);
    // A fit the ratings do not determine has no estimate to put an interval on (docs/latent-class.md).
    if (!model || !latentSettled(model.fit)) return [];
    const settings = latentIntervalSettings(s, d);
    return [{ dimension: d.key, inputs: bootstrapInputs(model, e, settings), model, e, settings }];
  });
}

export function latentClassSummary(
  s: AuditSnapshot,
  d: RubricDimension,
  ratings: readonly LongRating[],
  agreement: DimensionReport,
  items: readonly SnapshotItem[],
): LatentClassSummary | null {
  const categories = d.categories.map((c) => c.key);
  const model = latentClassModel(ratings, categories);
  if (!model) return null;
  const { fit } = model;
  const e = d.errorCategory ? categories.indexOf(d.errorCategory) : -1;
  const majority = new Map(agreement.majority.perItem.map((m) => [m.item, m.label] as const));
  const byExternal = new Map(items.map((i) => [i.externalId, i] as const));
  const rated: LatentClassItem[] = fit.items.map(({ item, posterior }) => {
    const top = Math.max(...posterior);
    const snapshotItem = byExternal.get(item);
    return {
      itemId: snapshotItem?.id ?? item,
      externalId: item,
      sampleOrder: snapshotItem?.sampleOrder ?? 0,
      posterior,
      mode: categories[posterior.indexOf(top)] as string,
      majority: majority.get(item) ?? null,
    };
  });
  // Computed apart (see the header): the kept one, when it was computed from these inputs.
  const intervalInputs = e < 0 ? "" : bootstrapInputs(model, e, latentIntervalSettings(s, d));
  // None for a fit the ratings do not determine: refitting it 10,000 times would not make it firmer.
  const kept = latentSettled(fit) ? keptInterval(s.latentIntervals, d.key, intervalInputs) : null;
  return {
    method: fit.method,
    categories,
    prior: fit.prior,
    iterations: fit.iterations,
    converged: fit.converged,
    mirrored: fit.mirrored,
    logLikelihood: fit.logLikelihood,
    raters: fit.raters.map((r, g) => ({
      ...r,
      ...(e >= 0 ? errorDetection(model.raw, g, e) : { sensitivity: null, specificity: null }),
    })),
    errorRate: e < 0 ? null : { estimate: meanOf(rated, e), interval: kept, intervalInputs },
    items: rated,
    disagreements: rated.filter((i) => i.majority !== i.mode),
  };
}

/** The kept interval of a dimension computed from these inputs (a copy), or null. */
export function keptInterval(intervals: readonly KeptLatentInterval[] | undefined, dimension: string, inputs: string) {
  const kept = intervals?.find((k) => k.dimension === dimension && k.inputs === inputs);
  return kept ? { ...kept.interval } : null;
}

function meanOf(items: readonly LatentClassItem[], e: number): number {
  let s = 0;
  for (const i of items) s += i.posterior[e] as number;
  return s / items.length;
}
