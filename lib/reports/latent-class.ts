/**
 * The Dawid–Skene latent-class estimates of one report dimension (lib/agreement/latent-class.ts)
 * beside its majority vote: each rated item's posterior and latent-class mode, each rater's
 * confusion matrix with sensitivity and specificity for the error category, and the benchmark-wide
 * error-rate estimate (mean posterior of the error category) with its item-bootstrap interval.
 *
 * The item-bootstrap interval (bootstrapMeanPosterior: B = 10,000 refits on the frozen PRNG) is NOT
 * computed with the report: a fit often runs its full 10,000 EM iterations (a class that is mostly
 * noise, such as "uncertain", drifts along a ridge): at 1,500 items × 3 raters the fit took 86 ms
 * and the 10,000 refits 981 s (2 shared cores, load ~10) — too long for a report computed per change
 * of the ratings.
 * `errorRate.interval` is null until it is computed apart from the report.
 */
import type { DimensionReport } from "../agreement/report";
import { errorDetection } from "../agreement/dawid-skene";
import { type LatentClassBootstrap, type LatentClassRater, latentClassModel } from "../agreement/latent-class";
import type { LongRating } from "../agreement/long-format";
import type { SnapshotItem } from "./ordering";
import type { RubricDimension } from "./types";

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
  logLikelihood: number;
  raters: LatentClassRaterSummary[];
  /** Mean posterior of the error category over the rated items; null without an error category. */
  errorRate: { estimate: number; interval: LatentClassBootstrap | null } | null;
  /** Every rated item in sample order. */
  items: LatentClassItem[];
  /** Items whose latent-class mode is not their majority label. */
  disagreements: LatentClassItem[];
}

export function latentClassSummary(
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
  // Not computed here: see the header. The field stays so a kept interval can fill it.
  const interval: LatentClassBootstrap | null = null;
  return {
    method: fit.method,
    categories,
    prior: fit.prior,
    iterations: fit.iterations,
    converged: fit.converged,
    logLikelihood: fit.logLikelihood,
    raters: fit.raters.map((r, g) => ({
      ...r,
      ...(e >= 0 ? errorDetection(model.raw, g, e) : { sensitivity: null, specificity: null }),
    })),
    errorRate: e < 0 ? null : { estimate: meanOf(rated, e), interval },
    items: rated,
    disagreements: rated.filter((i) => i.majority !== i.mode),
  };
}

function meanOf(items: readonly LatentClassItem[], e: number): number {
  let s = 0;
  for (const i of items) s += i.posterior[e] as number;
  return s / items.length;
}
