import { createTranslator, type MessageKeys, type NestedKeyOf } from "use-intl/core";
import type { Messages } from "../i18n/messages";
import { en } from "../i18n/messages";
import { catalogKey, type DomainMessage } from "../i18n/domain";

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

/** A pure library's domain message (a code with values) as a catalog message. */
export const catalogMessage = (said: DomainMessage): CatalogMessage => ({
  key: catalogKey(said),
  ...(said.values ? { values: said.values } : {}),
});

export type ErrorCode = "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "INVALID" | "LOCKED";

/** How a route handler answers each failure (guardedRoute). */
export const ERROR_STATUS: Record<ErrorCode, number> = { NOT_FOUND: 404, FORBIDDEN: 403, CONFLICT: 409, INVALID: 400, LOCKED: 423 };

/**
 * The one way a handler, an access check or a domain function says "no": a code and a catalog
 * message, never English text, so every guard (lib/server/action.ts, lib/server/route.ts) shows
 * it in the reader's language. `internal` is for the log only. `body` travels with a route's
 * JSON answer (e.g. the located issues of a refused download); a `field` in it (a form path such as
 * "finalLabels.gold@t3") makes an action's answer a field error on that field.
 */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    readonly catalog: CatalogMessage,
    internal?: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(internal ?? englishText(catalog));
  }
  /** The message's English (logs, tests, the CLI). */
  get userMessage(): string {
    return englishText(this.catalog);
  }
}

/** Not there, or not the caller's to see (the two are not told apart, so ids are not probed). */
export const notFoundError = (internal?: string) => new AppError("NOT_FOUND", { key: "common.errors.notFound" }, internal);
/** There and visible, but this caller may not do it. */
export const forbiddenError = (internal?: string) => new AppError("FORBIDDEN", { key: "common.errors.forbidden" }, internal);

export const GENERIC_ERROR = englishText({ key: "common.errors.generic" });
