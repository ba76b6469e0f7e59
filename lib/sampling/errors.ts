/**
 * Typed errors for sampling and assignment. Callers (API routes, the CLI) switch on
 * `code` to pick an HTTP status or message; `message` is written for the organizer.
 */

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
  /** Machine-readable context, e.g. the offending ids. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: SamplingErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "SamplingError";
    this.code = code;
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
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: AssignmentErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "AssignmentError";
    this.code = code;
    this.details = details;
  }
}

/** Lists at most a few offending values in a message; the full list goes in details. */
export function preview(values: readonly string[], max = 5): string {
  const shown = values.slice(0, max).map((v) => JSON.stringify(v));
  return values.length > max ? `${shown.join(", ")} and ${values.length - max} more` : shown.join(", ");
}

/**
 * Locale-independent string order (UTF-16 code units, JavaScript's `<`). localeCompare
 * would make the canonical order — and so the sample — depend on the server's locale.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
