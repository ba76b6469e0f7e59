/**
 * Typed errors for sampling and assignment. Callers (API routes, the CLI) switch on
 * `code` to pick an HTTP status; `said` is the organizer's message as a domain code with values
 * (the web words it in the reader's language), `message` its English.
 */
import { english, type DomainMessage } from "../i18n/domain";

export type SamplingErrorCode =
  | "EMPTY_FRAME"
  | "INVALID_SIZE"
  | "SIZE_EXCEEDS_FRAME"
  | "DUPLICATE_ID"
  | "INVALID_ID"
  | "UNKNOWN_ID"
  | "INVALID_SEED"
  | "INVALID_STRATA"
  | "MISSING_STRATUM_VALUE"
  | "UNSUPPORTED_ALGORITHM"
  /** An extension cannot keep every earlier item (stratified allocation shrinks a stratum). */
  | "EXTENSION_NOT_NESTED"
  /** A model-disagreement design that cannot be drawn (bad parameters, n below the strata). */
  | "INVALID_DESIGN";

export class SamplingError extends Error {
  readonly code: SamplingErrorCode;
  readonly said: DomainMessage;
  /** Machine-readable context, e.g. the offending ids. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: SamplingErrorCode, said: DomainMessage, details: Record<string, unknown> = {}) {
    super(english(said));
    this.name = "SamplingError";
    this.code = code;
    this.said = said;
    this.details = details;
  }
}

export type AssignmentErrorCode =
  | "NO_CLINICIANS"
  | "NO_ITEMS"
  | "DUPLICATE_CLINICIAN"
  | "DUPLICATE_ITEM"
  | "INVALID_ID"
  | "INVALID_RATERS_PER_ITEM"
  | "INVALID_SEED"
  | "INVALID_MANUAL_ASSIGNMENT";

export class AssignmentError extends Error {
  readonly code: AssignmentErrorCode;
  readonly said: DomainMessage;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: AssignmentErrorCode, said: DomainMessage, details: Record<string, unknown> = {}) {
    super(english(said));
    this.name = "AssignmentError";
    this.code = code;
    this.said = said;
    this.details = details;
  }
}

/**
 * At most a few offending values for a message (`ids`, quoted) and how many more there are
 * (`more`); the full list goes in details.
 */
export function preview(values: readonly string[], max = 5): { ids: string; more: number } {
  return {
    ids: values
      .slice(0, max)
      .map((v) => JSON.stringify(v))
      .join(", "),
    more: Math.max(0, values.length - max),
  };
}

/**
 * Locale-independent string order (UTF-16 code units, JavaScript's `<`). localeCompare
 * would make the canonical order — and so the sample — depend on the server's locale.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
