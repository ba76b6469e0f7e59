// A schema's catalog-key messages in English, for what speaks outside a reader's request: the
// backup validator, the CLI, logs. Kept apart from issues.ts so forms do not bundle the catalog.
import type { z } from "zod";
import { createTranslator } from "use-intl/core";
import { en } from "../i18n/messages";
import { fieldErrorsOf } from "./issues";

const english = createTranslator({ locale: "en", messages: en });

/** The message of one issue in English (a message that is not a catalog key, as it is). */
export function englishIssue(issue: z.core.$ZodIssue): string {
  const translate = (key: string, values?: Record<string, string | number>) =>
    english.has(key as never) ? english(key as never, values as never) : key;
  return Object.values(fieldErrorsOf({ issues: [issue] } as z.ZodError, translate))[0]!;
}
