/** Thrown for inputs a statistic cannot be computed on; `code` lets callers branch. */
export type EvaluationErrorCode =
  | "EMPTY_INPUT"
  | "INVALID_CASE"
  | "DUPLICATE_CASE"
  | "CASE_SET_MISMATCH"
  | "INVALID_OPTION"
  | "NOTHING_TO_COMPARE"
  | "INVALID_TURN";

export class EvaluationInputError extends Error {
  readonly code: EvaluationErrorCode;
  constructor(code: EvaluationErrorCode, message: string) {
    super(message);
    this.name = "EvaluationInputError";
    this.code = code;
  }
}
