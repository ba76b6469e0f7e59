// Pure: the Simplified Chinese text of a rubric dimension or category, as the editor changes it.
// An emptied field is dropped (the schema wants no empty translations), and so is an emptied
// translation, so an untranslated rubric is stored exactly as before.
import type { RubricCategory, RubricDimension } from "@/lib/audits/rubric";

type Translatable = { translations?: { "zh-CN"?: Record<string, string | undefined> } };

export function withTranslation<T extends Translatable>(x: T, field: string, value: string): T {
  const text: Record<string, string | undefined> = { ...x.translations?.["zh-CN"] };
  if (value.trim()) text[field] = value;
  else delete text[field];
  const { translations: _previous, ...rest } = x;
  return (Object.keys(text).length ? { ...rest, translations: { "zh-CN": text } } : rest) as T;
}

export const withDimensionTranslation = (d: RubricDimension, field: "label" | "question", value: string) =>
  withTranslation(d, field, value);
export const withCategoryTranslation = (c: RubricCategory, field: "label" | "description", value: string) =>
  withTranslation(c, field, value);

/** Whether anything of the dimension (itself or a category) carries a translation. */
export function hasTranslation(d: RubricDimension): boolean {
  return !!d.translations?.["zh-CN"] || d.categories.some((c) => !!c.translations?.["zh-CN"]);
}
