/**
 * The model-evaluation report: one plain, JSON-serialisable object from which the results
 * page, the CSV / LaTeX / JSON exports and `clinaudit evaluate` all render. Key order is
 * part of the JSON contract: add keys at the end; renaming or removing one bumps reportVersion.
 */
import type { ConversationResult } from "./conversation";
import type { LetterRule } from "./letter-extraction";
import type { Counts, PercentileInterval } from "./types";

export const EVALUATION_REPORT_VERSION = 1;

export interface EvaluationOptions {
  /** Scope every other scope is compared with; default: the first scope of the file. */
  baseline?: string;
  /** Bootstrap replicates B (default 10,000). */
  replicates?: number;
  /** Two-sided confidence level (default 0.95). */
  level?: number;
  /** Mixed into every model-scope seed; default: none (the fixed per-pair seeds). */
  seed?: string;
  /**
   * 2 (default): one set of patient draws shared by every statistic (shared-report.ts, PRNG
   * spec v2). 1: every statistic draws its own patients (PRNG spec v1), as every report made
   * before engine 2: reproduces those numbers exactly.
   */
  engine?: ReportEngine;
}

export type ReportEngine = 1 | 2;

export interface ResolvedEvaluationOptions {
  baseline: string;
  replicates: number;
  level: number;
  seed: string | null;
  /** Present for engine 2 only, so an engine-1 report keeps the bytes it had before engines existed. */
  engine?: 2;
}

/** A prediction as the report needs it (parsed file rows or stored rows). */
export interface PredictionInput {
  model: string;
  scope: string;
  itemId: string;
  /** turn_order for conversation items, 0 for decision-point items. */
  turn: number;
  /** The chosen label; null when the model's raw reply named none (scored wrong). */
  option: string | null;
}

/** Where the predictions were read from raw replies (reply-files.ts): the format and each model's letter rule. */
export interface ReplySource {
  format: string;
  rules: Record<string, LetterRule>;
}

export interface PredictionSetInput {
  /** SHA-256 of the prediction file's bytes. */
  checksum: string;
  models: string[];
  scopes: string[];
  rows: readonly PredictionInput[];
  /** Set for a benchmark's file of raw replies: the report then lists the unparseable ones. */
  replies?: ReplySource;
}

export interface PairKey {
  model: string;
  scope: string;
}

export interface AccuracyEntry extends PairKey {
  correct: number;
  total: number;
  patients: number;
  accuracy: PercentileInterval;
  /** Engine 2: replicates that drew none of the pair's patients (left out of the interval). */
  degenerateReplicates?: number;
}

export interface DeltaEntry extends PairKey {
  baseline: string;
  /** Cases predicted in both scopes (the paired comparison uses only these). */
  cases: number;
  patients: number;
  scopeAccuracy: number | null;
  baselineAccuracy: number | null;
  /** scope − baseline with its paired-bootstrap interval; null when there is nothing to compare. */
  difference: PercentileInterval | null;
  /** Share of replicates with difference ≤ 0 (one-sided, H1: scope > baseline). */
  pValue: number | null;
  note: ReportNote | null;
  /** Engine 2, when compared: replicates that drew none of the common cases' patients. */
  degenerateReplicates?: number;
}

/**
 * What a report says instead of a comparison, as a code of the `domain` catalog's `report`
 * group: the page words it in the reader's language, the exports in English.
 */
export type ReportNote = "noBaseline" | "noCommonCases" | "noLater";

export interface DecisionPointEntry extends PairKey {
  first: Counts;
  later: Counts;
  patients: number;
  patientsWithLater: number;
  /** later − first with its interval; null when no patient has a later decision point. */
  difference: PercentileInterval | null;
  /** Share of valid replicates with later ≥ first (one-sided, H1: later is lower). */
  pValue: number | null;
  degenerateReplicates: number;
  note: ReportNote | null;
}

export interface BreakdownGroupEntry {
  value: string;
  correct: number;
  total: number;
  patients: number;
  accuracy: PercentileInterval;
  /** Engine 2: replicates that drew none of the group's patients (left out of the interval). */
  degenerateReplicates?: number;
}

export interface BreakdownEntry extends PairKey {
  groups: BreakdownGroupEntry[];
  /** Cases without a value for the dimension. */
  missing: number;
}

export interface ConversationEntry extends PairKey, ConversationResult {
  /** QA-level (micro) accuracies with patient-clustered intervals. */
  intervals: { content: PercentileInterval; source: PercentileInterval; paired: PercentileInterval };
}

export interface EvaluationMethod {
  bootstrap: string;
  replicates: number;
  level: number;
  prng: string;
  quantile: string;
  seedRule: string;
  streams: { accuracy: string; paired: string; decisionPoints: string | null; breakdown: string; conversation: string | null };
  pValues: string;
  cases: string;
  /** The seed of every model-scope pair; a paired comparison uses the compared scope's seed. */
  seeds: (PairKey & { seed: string })[];
  /** Engine 2 only: how the replicates' patients are shared (common random numbers). */
  draws?: string;
}

/** Raw replies of one model-scope pair: how many, and every one that named no option (scored wrong). */
export interface ReplyEntry extends PairKey {
  rule: LetterRule;
  replies: number;
  unparseable: number;
  /** Item and turn_order of each unparseable (missing, empty or letterless) reply, in file order. */
  cases: { itemId: string; turn: number }[];
}

/** single-turn: conversations without source turns (EHRNoteQA): one case per question. */
export type EvaluationKind = "decision-points" | "conversations" | "single-turn";

export interface EvaluationReport {
  reportVersion: number;
  kind: EvaluationKind;
  dataset: { name: string | null; family: string; format: string; checksum: string; items: number; patients: number };
  predictions: { checksum: string; rows: number; models: string[]; scopes: string[] };
  options: ResolvedEvaluationOptions;
  method: EvaluationMethod;
  /** Decision points: item accuracy. Conversations: Paired QA accuracy (content and source turn both correct). */
  accuracy: AccuracyEntry[];
  deltas: DeltaEntry[];
  decisionPoints: DecisionPointEntry[];
  /** Decision points: by chapter. Conversations: by QA category. */
  chapters: BreakdownEntry[];
  levels: BreakdownEntry[];
  conversations: ConversationEntry[];
  /** Only for predictions read from raw replies (absent otherwise, so such reports keep their bytes). */
  replies?: { format: string; entries: ReplyEntry[] };
}
