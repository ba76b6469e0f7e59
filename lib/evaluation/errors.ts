import { type DomainMessage, english } from "../i18n/domain";

/** Thrown for inputs a statistic cannot be computed on; `code` lets callers branch. */
export type EvaluationErrorCode =
  | "EMPTY_INPUT"
  | "INVALID_CASE"
  | "DUPLICATE_CASE"
  | "CASE_SET_MISMATCH"
  | "INVALID_OPTION"
  | "NOTHING_TO_COMPARE"
  | "INVALID_TURN";

/**
 * `said` is what went wrong as a domain code with values (the `report` group of
 * messages/<locale>/domain.json): the web words it in the reader's language; `message` is its
 * English (the command line).
 */
export class EvaluationInputError extends Error {
  readonly code: EvaluationErrorCode;
  readonly said: DomainMessage;
  constructor(code: EvaluationErrorCode, said: DomainMessage) {
    super(english(said));
    this.name = "EvaluationInputError";
    this.code = code;
    this.said = said;
  }
}
