/**
 * The audit report behind the dashboard and every export. All statistics come from the agreement
 * engine (lib/agreement); this file only chooses its inputs (declared rubric categories, tie rule,
 * population size) and arranges the results. Counting votes per item or per rater is the only
 * arithmetic done here, and it never feeds a coefficient.
 */
import { errorRateBound } from "../agreement/error-rate-bound";
import { estimateFromDesign } from "../agreement/stratified-bound";
import type { LongRating } from "../agreement/long-format";
import type { EngineNote } from "../agreement/notes";
import { agreementSummary, buildDimensionReport, type DimensionReport } from "../agreement/report";
import { calibrationReport } from "./calibration";
import { divergenceExplanation } from "./divergence";
import { engineInput } from "./engine-input";
import { latentClassSummary } from "./latent-class";
import { agreementOverTime, hasRatingTimes } from "./over-time";
import { raterQuality } from "./rater-quality";
import { dimensionRatings, naturalCompare, sortedItems, type SnapshotItem } from "./ordering";
import type {
  AuditReport,
  AuditSnapshot,
  DimensionAuditReport,
  GroupAgreement,
  ItemSummary,
  PairwiseMatrix,
  RaterDistribution,
  RubricDimension,
} from "./types";
import { timeOnTask } from "./time-on-task";
import { validateSnapshot } from "./validate-snapshot";

export const AUDIT_REPORT_VERSION = 1;

export { engineInput };

export function computeAuditReport(s: AuditSnapshot): AuditReport {
  validateSnapshot(s);
  const items = sortedItems(s);
  const dimensions = s.rubric.map((d) => computeDimension(s, d, items));
  const overall = new Map(dimensions.map((d) => [d.key, d.agreement.coefficients.gwetAc1.coeff] as const));
  return {
    reportVersion: AUDIT_REPORT_VERSION,
    audit: {
      id: s.audit.id,
      name: s.audit.name,
      datasetName: s.audit.datasetName,
      sampleSize: s.audit.sampleSize,
      itemsSampled: s.items.length,
      seed: s.audit.seed,
      populationSize: s.audit.populationSize,
      samplingFrame: s.audit.samplingFrame ?? null,
      strata: [...(s.audit.strata ?? [])],
      status: s.audit.status,
      confidenceLevel: s.audit.confidenceLevel ?? 0.95,
      raters: s.raters.map((r) => r.label),
      ...(s.audit.reviewOrder !== undefined ? { reviewOrder: s.audit.reviewOrder } : {}),
      ...(s.work ? { timeOnTask: timeOnTask(s) } : {}),
      ...(s.audit.sampleExtensions?.length ? { sampleExtensions: s.audit.sampleExtensions.map((e) => ({ ...e })) } : {}),
      ...(s.audit.modelDesign ? { modelDesign: structuredClone(s.audit.modelDesign) } : {}),
    },
    dimensions,
    // Only when the snapshot says when each rating was given (the server's always does).
    ...(hasRatingTimes(s) ? { agreementOverTime: agreementOverTime(s, overall) } : {}),
    raterQuality: raterQuality(s),
    ...(s.calibration ? { calibration: calibrationReport(s, s.calibration) } : {}),
  };
}

function computeDimension(s: AuditSnapshot, d: RubricDimension, items: readonly SnapshotItem[]): DimensionAuditReport {
  const ratings = dimensionRatings(s, d.key, items);
  const agreement = buildDimensionReport(engineInput(s, d, ratings));
  const labelOf = (key: string) => d.categories.find((c) => c.key === key)?.label ?? key;
  const summaries = itemSummaries(d, ratings, agreement, items);
  const errorCategory = d.errorCategory ?? null;
  return {
    key: d.key,
    label: d.label,
    categories: d.categories.map((c) => ({ key: c.key, label: c.label })),
    tieCategory: d.tieCategory,
    errorCategory,
    agreement,
    errorRateBound: errorCategory === null ? null : errorBound(s, agreement, errorCategory),
    raterDistribution: raterDistribution(s, d, ratings),
    byChapter: groupAgreement(s, d, ratings, items, (i) => i.chapter),
    byLevel: groupAgreement(s, d, ratings, items, (i) => i.level),
    pairwise: pairwiseMatrix(s, d.key, ratings, agreement),
    items: summaries,
    disagreements: summaries.filter((i) => i.counts.filter((c) => c.count > 0).length > 1),
    divergence: divergenceExplanation(agreement, labelOf),
    latentClass: latentClassSummary(s, d, ratings, agreement, items),
    ...(s.audit.modelDesign && errorCategory !== null
      ? { stratifiedErrorRate: stratifiedEstimate(s, items, summaries, errorCategory) }
      : {}),
  };
}

/**
 * A model-guided sample's design-weighted error rate: an item's verdict is whether its majority
 * label is the error category (as for errorRateBound); an item nobody has rated has none yet.
 */
function stratifiedEstimate(s: AuditSnapshot, items: readonly SnapshotItem[], summaries: readonly ItemSummary[], category: string) {
  const design = s.audit.modelDesign as NonNullable<AuditSnapshot["audit"]["modelDesign"]>;
  const strataOf = Object.fromEntries(items.map((i) => [i.externalId, i.modelStratum as string]));
  const verdicts = new Map(summaries.map((i) => [i.externalId, i.ratings === 0 ? null : i.majority === category] as const));
  return estimateFromDesign({ allocation: design.allocation, strataOf }, verdicts, { confidenceLevel: s.audit.confidenceLevel ?? 0.95 });
}

/**
 * x = items whose majority label is the error category, n = items with a majority label (at least
 * one rating): an item nobody has rated yet is neither correct nor incorrect, so it is left out.
 */
function errorBound(s: AuditSnapshot, r: DimensionReport, category: string) {
  const x = r.majority.counts.find((c) => c.category === category)?.count ?? 0;
  return errorRateBound(x, r.items.total, {
    populationSize: s.audit.populationSize ?? undefined,
    confidenceLevel: s.audit.confidenceLevel ?? 0.95,
  });
}

function raterDistribution(s: AuditSnapshot, d: RubricDimension, ratings: readonly LongRating[]): RaterDistribution[] {
  return s.raters.map((rater) => {
    const own = ratings.filter((r) => r.rater === rater.label);
    return {
      rater: rater.label,
      total: own.length,
      counts: d.categories.map((c) => ({ category: c.key, count: own.filter((r) => r.category === c.key).length })),
    };
  });
}

function itemSummaries(
  d: RubricDimension,
  ratings: readonly LongRating[],
  r: DimensionReport,
  items: readonly SnapshotItem[],
): ItemSummary[] {
  const majority = new Map(r.majority.perItem.map((m) => [m.item, m] as const));
  const byItem = new Map<string, LongRating[]>();
  for (const rating of ratings) {
    let list = byItem.get(rating.item);
    if (!list) byItem.set(rating.item, (list = []));
    list.push(rating);
  }
  return items.map((item) => {
    const own = byItem.get(item.externalId) ?? [];
    const m = majority.get(item.externalId);
    return {
      itemId: item.id,
      externalId: item.externalId,
      sampleOrder: item.sampleOrder,
      chapter: item.chapter,
      level: item.level,
      decisionPoint: item.decisionPoint,
      ratings: own.length,
      counts: d.categories.map((c) => ({ category: c.key, count: own.filter((x) => x.category === c.key).length })),
      majority: m?.label ?? null,
      tied: m?.tied ?? false,
    };
  });
}

/**
 * Shares and AC1 within each chapter (or level), from the engine on that subset. No finite-
 * population correction: the benchmark's size per chapter is unknown, and applying the whole
 * benchmark's N to a subset would understate its standard error. Without it the interval is
 * conservative.
 */
function groupAgreement(
  s: AuditSnapshot,
  d: RubricDimension,
  ratings: readonly LongRating[],
  items: readonly SnapshotItem[],
  groupOf: (item: SnapshotItem) => string | null,
): GroupAgreement[] {
  // One pass over items and ratings (a dimension has thousands of ratings; a benchmark can have
  // hundreds of chapters), each group keeping the engine order of `ratings`.
  const groupOfItem = new Map(items.map((i) => [i.externalId, groupOf(i)] as const));
  const sampled = new Map<string | null, number>();
  for (const group of groupOfItem.values()) sampled.set(group, (sampled.get(group) ?? 0) + 1);
  const subsets = new Map<string | null, LongRating[]>([...sampled.keys()].map((g) => [g, []] as const));
  for (const r of ratings) {
    const group = groupOfItem.get(r.item);
    if (group !== undefined) subsets.get(group)?.push(r);
  }
  return [...sampled.keys()].sort(naturalCompare).map((group) => {
    const summary = agreementSummary({ ...engineInput(s, d, subsets.get(group) ?? []), populationSize: Infinity });
    return { group, sampled: sampled.get(group) ?? 0, rated: summary.items, shares: summary.shares, gwetAc1: summary.gwetAc1 };
  });
}

/** The engine's pairwise kappas laid out as a square matrix in snapshot rater order. */
function pairwiseMatrix(s: AuditSnapshot, dimension: string, ratings: readonly LongRating[], r: DimensionReport): PairwiseMatrix {
  const raters = s.raters.map((x) => x.label);
  const rated = new Map(raters.map((label) => [label, ratings.filter((x) => x.rater === label).length] as const));
  const pairs = new Map(r.pairwiseCohenKappa.map((p) => [JSON.stringify([p.raterA, p.raterB]), p] as const));
  const cells = raters.map((a) =>
    raters.map((b) => {
      if (a === b) return { raterA: a, raterB: b, items: rated.get(a) ?? 0, rawAgreement: null, kappa: null };
      const p = pairs.get(JSON.stringify([a, b])) ?? pairs.get(JSON.stringify([b, a]));
      if (!p) {
        // A rater with no rating on this dimension is not a column of the engine's matrix.
        const note: EngineNote = { code: "agreement.pairNotRated", values: { raterA: a, raterB: b, dimension } };
        const kappa = { pa: null, pe: null, coeff: null, se: null, ciLower: null, ciUpper: null, pValue: null, df: null, note };
        return { raterA: a, raterB: b, items: 0, rawAgreement: null, kappa };
      }
      const kappa = {
        pa: p.pa,
        pe: p.pe,
        coeff: p.coeff,
        se: p.se,
        ciLower: p.ciLower,
        ciUpper: p.ciUpper,
        pValue: p.pValue,
        df: p.df,
        note: p.note,
      };
      // Unweighted Cohen's pa is exactly the share of common items given the same category.
      return { raterA: a, raterB: b, items: p.items, rawAgreement: p.pa, kappa };
    }),
  );
  return { raters, cells };
}
