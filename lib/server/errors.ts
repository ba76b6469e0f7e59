import { createTranslator } from "use-intl/core";
import type { Messages } from "../i18n/messages";
import { en } from "../i18n/messages";

/** A message of the `common.errors` catalog, with its ICU arguments. */
export interface CatalogMessage {
  key: keyof Messages["common"]["errors"];
  values?: Record<string, string | number>;
}

const english = createTranslator({ locale: "en", messages: en, namespace: "common.errors" });

/** English text of a catalog message (logs, tests, the CLI). */
export function englishText(message: CatalogMessage): string {
  return english(message.key as never, message.values as never);
}

// Errors carry a code, an internal message (logged) and a user message (shown). A catalog
// message is shown in the reader's language by guardedAction; `userMessage` is its English.
export class AppError extends Error {
  override name = "AppError";
  readonly userMessage: string;
  readonly catalog?: CatalogMessage;
  constructor(
    readonly code: "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "INVALID" | "LOCKED",
    message: string | CatalogMessage,
    internal?: string,
  ) {
    const text = typeof message === "string" ? message : englishText(message);
    super(internal ?? text);
    this.userMessage = text;
    if (typeof message !== "string") this.catalog = message;
  }
}

export const GENERIC_ERROR = englishText({ key: "generic" });
