import { createTranslator, type MessageKeys, type NestedKeyOf } from "use-intl/core";
import type { Messages } from "../i18n/messages";
import { en } from "../i18n/messages";

/** Any message of the catalogs by its full path ("review.errors.conflict"), with ICU arguments. */
export interface CatalogMessage {
  key: MessageKeys<Messages, NestedKeyOf<Messages>>;
  values?: Record<string, string | number>;
}

const english = createTranslator({ locale: "en", messages: en });

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

export const GENERIC_ERROR = englishText({ key: "common.errors.generic" });
