// The input of the audit reports: the snapshot the server loads once (lib/server/reports/
// audit-snapshot.ts). Every report module reads it and nothing here reads them back (types.ts,
// the output's types, re-exports these), so the report modules form no import cycle.
import type { LatentClassBootstrap } from "../agreement/latent-class";
import type { AllocationRule } from "../sampling/strata-allocation";
import type { ReviewOrderRule } from "../sampling/review-order";

export interface RubricCategory {
  key: string;
  label: string;
}

export interface RubricDimension {
  key: string;
  label: string;
  categories: RubricCategory[];
  /** Category key an item without a strict majority (e.g. a three-way split) counts as. */
  tieCategory: string;
  /** Category key whose majority count feeds the error-rate bound (e.g. "incorrect"). */
  errorCategory?: string | null;
}

export type AuditStatus = "DRAFT" | "OPEN" | "CLOSED";

export interface AuditSnapshot {
  audit: {
    id: string;
    name: string;
    datasetName: string;
    sampleSize: number;
    seed: string;
    /** Benchmark size N (finite-population correction and hypergeometric bound); null when unknown. */
    populationSize: number | null;
    samplingFrame?: string;
    strata?: string[];
    status: AuditStatus;
    /** Default 0.95: two-sided for intervals, one-sided for the error-rate bound. */
    confidenceLevel?: number;
    /** How raters' queues were ordered; null: sample order for everyone; absent: not stated. */
    reviewOrder?: ReviewOrderRule | null;
    /** Extensions of the sample (lib/sampling/extend.ts), oldest first; absent: none. */
    sampleExtensions?: SampleExtensionSummary[];
    /** When the reviewing guidelines were saved (the trail's audit.guidelines), ISO UTC; absent: not stated. */
    guidelineEdits?: string[];
    /** A model-guided sample's design (lib/sampling/stratified.ts); absent for other samples. */
    modelDesign?: ModelDesignSummary;
  };
  rubric: RubricDimension[];
  /** Exports use `label` (e.g. "R1"), never names or e-mails. */
  raters: { id: string; label: string }[];
  items: {
    id: string;
    externalId: string;
    chapter: string | null;
    level: string | null;
    decisionPoint: string | null;
    sampleOrder: number;
    /** The item's model-disagreement stratum; present exactly when the audit has a modelDesign. */
    modelStratum?: string;
  }[];
  /** `at`: when the rating was last given (ISO UTC); agreement over time needs it on every rating. */
  ratings: { itemId: string; raterId: string; dimension: string; category: string; at?: string }[];
  /**
   * Per active assignment: measured active time, discussion flag, whether it has a rating, and its
   * place in the rater's own queue (1-based; absent: sample order). Absent: not stated.
   */
  work?: { itemId: string; raterId: string; activeMs: number; flagged: boolean; rated: boolean; position?: number }[];
  /** The calibration round (lib/reports/calibration.ts): absent when the audit has none. */
  calibration?: CalibrationSnapshot;
  /**
   * Latent-class error-rate intervals computed in the background and kept, per dimension
   * (lib/reports/latent-class.ts); the report uses one only for the inputs it was computed from.
   */
  latentIntervals?: KeptLatentInterval[];
}

/** What a report states of a model-guided design: enough to redraw the sample and recompute the estimate. */
export interface ModelDesignSummary {
  algorithm: { name: string; version: number; prng: string; prngVersion: number };
  predictionSet: { id: string; name: string; checksum: string };
  allocationRule: AllocationRule;
  allocation: { key: string; population: number; weight: number; allocated: number }[];
}

/** One extension of the sample: from and to how many items, on which day (YYYY-MM-DD, UTC). */
export interface SampleExtensionSummary {
  fromSize: number;
  toSize: number;
  date: string;
}

/** The audit's calibration as the server stored it (absent from a snapshot without a round). */
export interface CalibrationSnapshot {
  /** The pass rule: at least this share (%) of the questions match the key. */
  passPercent: number;
  /** true: a rater who does not pass waits for a re-calibration round; false: reported only. */
  gate: boolean;
  /**
   * Practice items in the organizer's order, each with its key ({ rating key: category }) and the
   * organizer's rationale ("" when none was written); the rationale reaches only the package's audit.json.
   */
  items: { id: string; externalId: string; key: Record<string, string>; rationale: string }[];
  /** Rounds by number; raterIds null: every rater of the audit. startedAt: ISO time (audit.json only). */
  rounds: { number: number; raterIds: string[] | null; startedAt: string }[];
  /** One rater's answer to one practice item in one round. */
  answers: { round: number; raterId: string; itemId: string; labels: Record<string, string>; activeMs: number }[];
}

/** An interval computed in the background and kept (the LatentClassInterval table). */
export interface KeptLatentInterval {
  dimension: string;
  /** bootstrapInputs of what it was computed from. */
  inputs: string;
  interval: LatentClassBootstrap;
  /** The B replicate values in order (NaN: a degenerate refit, left out); the package carries them. */
  values: Float64Array;
}
