// The texts of a rubric apart from its structure: what an organizer may correct or translate on an
// audit whose raters may already have rated (labels, questions, category descriptions, in English
// and Chinese), and what stays fixed (dimension and category keys and order, tie and error
// categories, per-turn asking) so that every stored rating keeps its meaning. Pure.
import type { Rubric, RubricCategory, RubricDimension } from "./rubric";

export const TEXT_LANGUAGES = ["en", "zh-CN"] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** Everything but the texts, as comparable JSON. */
export function rubricStructure(rubric: Rubric): string {
  return JSON.stringify(
    rubric.map((d) => [d.key, d.tieCategory, d.errorCategory ?? null, d.perTurn ?? null, d.categories.map((c) => c.key)]),
  );
}

export function sameStructure(a: Rubric, b: Rubric): boolean {
  return rubricStructure(a) === rubricStructure(b);
}

/** One text of the rubric: "gold.question@zh-CN", "gold.incorrect.description@en". */
export interface RubricText {
  path: string;
  value: string | undefined;
}

const zh = (x: RubricDimension | RubricCategory) => x.translations?.["zh-CN"] as Record<string, string | undefined> | undefined;

/** Every text slot of the rubric, filled or not, in rubric order. */
export function rubricTexts(rubric: Rubric): RubricText[] {
  return rubric.flatMap((d) => [
    { path: `${d.key}.label@en`, value: d.label },
    { path: `${d.key}.label@zh-CN`, value: zh(d)?.label },
    { path: `${d.key}.question@en`, value: d.question },
    { path: `${d.key}.question@zh-CN`, value: zh(d)?.question },
    ...d.categories.flatMap((c) => [
      { path: `${d.key}.${c.key}.label@en`, value: c.label },
      { path: `${d.key}.${c.key}.label@zh-CN`, value: zh(c)?.label },
      { path: `${d.key}.${c.key}.description@en`, value: c.description },
      { path: `${d.key}.${c.key}.description@zh-CN`, value: zh(c)?.description },
    ]),
  ]);
}

/** The texts that differ, as the trail's before/after (absent text: null). */
export function rubricTextChanges(
  before: Rubric,
  after: Rubric,
): { before: Record<string, string | null>; after: Record<string, string | null> } {
  const old = new Map(rubricTexts(before).map((t) => [t.path, t.value ?? null]));
  const changed = rubricTexts(after).filter((t) => (t.value ?? null) !== (old.get(t.path) ?? null));
  return {
    before: Object.fromEntries(changed.map((t) => [t.path, old.get(t.path) ?? null])),
    after: Object.fromEntries(changed.map((t) => [t.path, t.value ?? null])),
  };
}

/** English texts without a Chinese counterpart (what a reader of Chinese sees in English). */
export function missingChinese(rubric: Rubric): number {
  const texts = new Map(rubricTexts(rubric).map((t) => [t.path, t.value]));
  let n = 0;
  for (const [path, value] of texts) {
    if (!path.endsWith("@en") || !value?.trim()) continue;
    if (!texts.get(path.replace(/@en$/, "@zh-CN"))?.trim()) n++;
  }
  return n;
}

/**
 * The canonical (English) text set as typed. An optional field (question, description) that is
 * emptied is dropped, as the schema wants no empty optional text; a label stays (the schema asks
 * for one and says so).
 */
export function withEnglish<T extends RubricDimension | RubricCategory>(
  x: T,
  field: "label" | "question" | "description",
  value: string,
): T {
  if (field === "label" || value.trim()) return { ...x, [field]: value };
  const { [field as keyof T]: _dropped, ...rest } = x;
  return rest as T;
}
