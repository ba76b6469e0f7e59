// Errors carry a code, an internal message (logged) and a user message (shown).
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "INVALID" | "LOCKED",
    readonly userMessage: string,
    internal?: string,
  ) {
    super(internal ?? userMessage);
  }
}

export const GENERIC_ERROR = "Something went wrong. Nothing was changed; please try again.";
