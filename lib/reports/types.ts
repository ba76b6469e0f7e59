/**
 * Output types of the audit reports (the input, `AuditSnapshot`, is in snapshot.ts, re-exported). The input is plain data the
 * server loads once, so every export and chart is a pure function of it and the same snapshot
 * always gives the same bytes. The output keeps the agreement engine's `DimensionReport` verbatim
 * (`agreement`) so no number is ever recomputed or re-rounded on the way to a paper.
 */
import type { StratifiedEstimate } from "../agreement/stratified-bound";
import type { AgreementShares } from "../agreement/agreement-shares";
import type { ErrorRateBound } from "../agreement/error-rate-bound";
import type { CategoryCount, DimensionReport } from "../agreement/report";
import type { CoefficientResult } from "../agreement/types";
import type { ReviewOrderRule } from "../sampling/review-order";
import type { CalibrationReport } from "./calibration";
import type { LatentClassSummary } from "./latent-class";
import type { AgreementOverTime } from "./over-time";
import type { RaterQuality } from "./rater-quality";
import type { TimeOnTaskSummary } from "./time-on-task";
import type { AuditStatus, ModelDesignSummary, RubricCategory, SampleExtensionSummary } from "./snapshot";

export type { AuditSnapshot, AuditStatus, ModelDesignSummary, RubricCategory, RubricDimension, SampleExtensionSummary } from "./snapshot";

/** How many ratings of each category one rater gave (rubric order), e.g. for stacked bars. */
export interface RaterDistribution {
  rater: string;
  total: number;
  counts: CategoryCount[];
}

/** Agreement within one chapter or level: shares and AC1 from the engine on that subset. */
export interface GroupAgreement {
  /** Chapter or level value; null for items without one. */
  group: string | null;
  /** Items of the sample in the group. */
  sampled: number;
  /** Items of the group with at least one rating on the dimension. */
  rated: number;
  shares: AgreementShares;
  gwetAc1: CoefficientResult;
}

/** One cell of the rater × rater matrix; the diagonal has `kappa` and `rawAgreement` null. */
export interface PairwiseCell {
  raterA: string;
  raterB: string;
  /** Items both rated (on the diagonal: items the rater rated). */
  items: number;
  /** Share of the common items given the same category (Cohen's unweighted pa). */
  rawAgreement: number | null;
  /** The engine's Cohen's kappa for the pair; null on the diagonal. */
  kappa: CoefficientResult | null;
}

export interface PairwiseMatrix {
  /** Rater labels in snapshot order: the rows and the columns. */
  raters: string[];
  cells: PairwiseCell[][];
}

/** One sampled item's votes on a dimension, without who cast them. */
export interface ItemSummary {
  itemId: string;
  externalId: string;
  sampleOrder: number;
  chapter: string | null;
  level: string | null;
  decisionPoint: string | null;
  /** Number of ratings of the item on the dimension. */
  ratings: number;
  /** Votes per category (rubric order). */
  counts: CategoryCount[];
  /** The engine's majority label (the tie category for a tie); null when unrated. */
  majority: string | null;
  tied: boolean;
}

export interface DimensionAuditReport {
  key: string;
  label: string;
  categories: RubricCategory[];
  tieCategory: string;
  errorCategory: string | null;
  /** The agreement engine's report, untouched (items are external ids, raters are labels). */
  agreement: DimensionReport;
  /** Bound on the share of `errorCategory` in the benchmark; null without an error category. */
  errorRateBound: ErrorRateBound | null;
  raterDistribution: RaterDistribution[];
  byChapter: GroupAgreement[];
  byLevel: GroupAgreement[];
  pairwise: PairwiseMatrix;
  /** Every sampled item, in sample order. */
  items: ItemSummary[];
  /** Items whose raters did not all agree; safe to show while the audit is open. */
  disagreements: ItemSummary[];
  /** Why AC1 and Fleiss/Krippendorff differ markedly, or null. */
  divergence: string | null;
  /** Dawid–Skene estimates beside the majority vote (latent-class.ts); null when nothing is rated. */
  latentClass: LatentClassSummary | null;
  /**
   * The design-weighted error rate of a model-guided sample and its bound (stratified-bound.ts),
   * from the majority labels; absent for other samples and without an error category.
   */
  stratifiedErrorRate?: StratifiedEstimate;
}

/** A dimension's agreement as the dashboard keeps it: the majority's counts, not its label per item. */
export type ShownAgreement = Omit<DimensionReport, "majority"> & { majority: Omit<DimensionReport["majority"], "perItem"> };

/**
 * A dimension as the web process keeps it for the dashboard: no per-item summaries (a full
 * review's were ~37 MB of heap per audit, and most of what the report thread sent after each
 * change), the agreement's majority as counts, the latent-class fit without its per-item
 * posteriors. What the pages read per item is in ShownItems, kept beside it. The full report stays
 * in the report thread, where the downloads are rendered. A full DimensionAuditReport is one.
 */
export type ShownDimension = Omit<DimensionAuditReport, "items" | "latentClass" | "agreement"> & {
  /** Without the majority per item (ShownItems has it), which the page does not read. */
  agreement: ShownAgreement;
  latentClass: Omit<LatentClassSummary, "items"> | null;
};

/**
 * What the web process keeps of the report per item, as typed arrays in one item order (each
 * structured-cloned in one piece, no object per item): the adjudicated outcome reads the majority
 * labels, the organizers' triage list the majority and P(error category).
 */
export interface ShownItems {
  /** The report's item ids, in the order of every array below. */
  itemIds: string[];
  /** Per dimension key: each item's majority label, an index into the dimension's categories; -1: none (no strict majority, or not rated). */
  majorities: Map<string, Int16Array>;
  /** Per dimension key with an error category and a latent-class fit: each item's posterior P(error category); NaN: not rated. */
  errorPosteriors: Map<string, Float64Array>;
}

/**
 * What the agreement cards read of a dimension (coefficients, majority, divergence): a dashboard's
 * ShownDimension, or the agreement tool's dimension of an uploaded file (components/agreement-tool).
 */
export type AgreementView = Pick<ShownDimension, "label" | "categories" | "tieCategory" | "agreement" | "divergence">;

/** The report as the dashboard keeps it (ShownDimension). A full AuditReport is one. */
export type ShownReport = Omit<AuditReport, "dimensions"> & { dimensions: ShownDimension[] };

export interface AuditSummary {
  id: string;
  name: string;
  datasetName: string;
  sampleSize: number;
  /** Items actually in the sample (may differ from sampleSize while the audit is a draft). */
  itemsSampled: number;
  seed: string;
  populationSize: number | null;
  samplingFrame: string | null;
  strata: string[];
  status: AuditStatus;
  confidenceLevel: number;
  /** Rater labels in snapshot order. */
  raters: string[];
  /** Only when the snapshot states it (added at the end: the key order is the export's). */
  reviewOrder?: ReviewOrderRule | null;
  timeOnTask?: TimeOnTaskSummary | null;
  sampleExtensions?: SampleExtensionSummary[];
  modelDesign?: ModelDesignSummary;
}

export interface AuditReport {
  reportVersion: 1;
  audit: AuditSummary;
  dimensions: DimensionAuditReport[];
  /** Agreement in windows over time and per rater over their queue (over-time.ts); absent without rating times. */
  agreementOverTime?: AgreementOverTime;
  /** Each rater's agreement with the others, uncertain share and time, with bootstrap intervals (rater-quality.ts). */
  raterQuality?: RaterQuality;
  /** Each rater's practice answers against the key, per round (calibration.ts); absent without a calibration round. */
  calibration?: CalibrationReport;
}
