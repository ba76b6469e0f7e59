// Client-safe. Every message of a schema under lib/schemas is a catalog key ("audits.validation.name"),
// with ICU values in a custom issue's `params`: the form (before sending) and the server action
// (after) translate the same key in the reader's language, so both show the same field errors.
import type { z } from "zod";

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The first issue of each field ("rubric.0.key"), translated. */
export function fieldErrorsOf(error: z.ZodError, translate: Translate): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    // A custom issue's params, or a length's bound ({min} / {max} in the message).
    const values =
      issue.code === "custom"
        ? (issue.params as Record<string, string | number> | undefined)
        : issue.code === "too_small"
          ? { min: Number(issue.minimum) }
          : issue.code === "too_big"
            ? { max: Number(issue.maximum) }
            : undefined;
    fieldErrors[issue.path.join(".")] ??= translate(issue.message, values);
  }
  return fieldErrors;
}

/**
 * For a form: the field errors the server would answer for `input`, or null when it passes.
 * `t` is the root translator (useTranslations()); zod's own messages (never shown by design, a
 * schema names its keys) fall back to a generic "check this field".
 */
export function checkFields(
  schema: z.ZodType,
  input: unknown,
  t: { (key: never, values?: never): string; has(key: never): boolean },
): Record<string, string> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  return fieldErrorsOf(parsed.error, (key, values) =>
    t.has(key as never) ? t(key as never, values as never) : t("common.errors.invalidField" as never),
  );
}
