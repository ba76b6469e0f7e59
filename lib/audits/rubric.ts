// An audit's rubric: ordered dimensions, each with ordered categories, the category a split
// vote counts as, and optionally the category that means "the benchmark is wrong" (for the
// error-rate bound). Pure; the same schema validates the editor and the server action, and its
// messages are catalog keys (lib/schemas/issues.ts).
import { z } from "zod";
import type { Locale } from "../i18n/locales";

const key = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_]+$/, "audits.validation.rubric.key");

// Labels are data: the rubric's own text is canonical (exports, reports); `translations`
// carries the same text in other interface languages, shown to reviewers who chose them.
const categoryText = z.strictObject({
  label: z.string().trim().min(1, "audits.validation.rubric.categoryLabel").max(80),
  description: z.string().trim().max(300).optional(),
});
const dimensionText = z.strictObject({
  label: z.string().trim().min(1, "audits.validation.rubric.dimensionLabel").max(120),
  question: z.string().trim().max(300).optional(),
});
/** Translations by interface language; English is the canonical text itself. */
const translations = <T extends z.ZodType>(text: T) => z.strictObject({ "zh-CN": text.optional() }).optional();

export const rubricCategorySchema = categoryText.extend({
  key,
  translations: translations(categoryText.partial()),
});

export const rubricDimensionSchema = z
  .strictObject({
    key,
    ...dimensionText.shape,
    translations: translations(dimensionText.partial()),
    categories: z
      .array(rubricCategorySchema)
      .min(2, "audits.validation.rubric.twoCategories")
      .max(9, "audits.validation.rubric.nineCategories"),
    tieCategory: key,
    errorCategory: key.nullable().optional(),
    /**
     * Conversations: asked once per turn of this type instead of once per item. Ratings are then
     * stored per turn under `perTurnKey` ("gold@t3"); see `itemDimensions`.
     */
    perTurn: z.enum(["content", "source"]).optional(),
  })
  .superRefine((d, ctx) => {
    const keys = d.categories.map((c) => c.key);
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: "custom", path: ["categories"], message: "audits.validation.rubric.categoryKeys" });
    if (!keys.includes(d.tieCategory))
      ctx.addIssue({ code: "custom", path: ["tieCategory"], message: "audits.validation.rubric.tieCategory" });
    if (d.errorCategory && !keys.includes(d.errorCategory))
      ctx.addIssue({ code: "custom", path: ["errorCategory"], message: "audits.validation.rubric.errorCategory" });
  });

export const rubricSchema = z
  .array(rubricDimensionSchema)
  .min(1, "audits.validation.rubric.oneDimension")
  .max(6)
  .superRefine((dims, ctx) => {
    const keys = dims.map((d) => d.key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", message: "audits.validation.rubric.dimensionKeys" });
  });

export type RubricCategory = z.infer<typeof rubricCategorySchema>;
export type RubricDimension = z.infer<typeof rubricDimensionSchema>;
export type Rubric = z.infer<typeof rubricSchema>;

/** Is the gold (reference) answer right: the categories of both default rubrics. */
const GOLD_CATEGORIES: RubricCategory[] = [
  { key: "correct", label: "Correct", translations: { "zh-CN": { label: "正确" } } },
  { key: "incorrect", label: "Incorrect", translations: { "zh-CN": { label: "错误" } } },
  { key: "uncertain", label: "Uncertain", translations: { "zh-CN": { label: "不确定" } } },
];

/** The two dimensions of the published review protocol. */
export const DEFAULT_RUBRIC: Rubric = [
  {
    key: "gold",
    label: "Gold-answer correctness",
    question: "Is the designated gold answer correct given the record up to the decision point?",
    translations: { "zh-CN": { label: "标准答案正确性", question: "根据决策点之前的病历，指定的标准答案是否正确？" } },
    categories: GOLD_CATEGORIES,
    tieCategory: "uncertain",
    errorCategory: "incorrect",
  },
  {
    key: "question",
    label: "Question clarity and clinical meaningfulness",
    question: "Is the question clear and clinically meaningful?",
    translations: { "zh-CN": { label: "题目清晰度与临床意义", question: "题目是否清晰且具有临床意义？" } },
    categories: [
      { key: "clear", label: "Clear and meaningful", translations: { "zh-CN": { label: "清晰且有意义" } } },
      { key: "ambiguous", label: "Ambiguous, requiring revision", translations: { "zh-CN": { label: "有歧义，需要修改" } } },
      { key: "unreasonable", label: "Unreasonable", translations: { "zh-CN": { label: "不合理" } } },
    ],
    tieCategory: "ambiguous",
    errorCategory: "unreasonable",
  },
];

/**
 * The default for conversation (discharge-summary question-answering) items: each content turn's
 * reference answer, and each source turn's cited evidence set, judged against the discharge summary.
 */
export const CONVERSATION_RUBRIC: Rubric = [
  {
    key: "gold",
    label: "Reference answer correctness (per content turn)",
    question: "Is this turn's reference answer correct according to the discharge summary?",
    translations: { "zh-CN": { label: "参考答案正确性（每个内容轮次）", question: "根据出院小结，本轮次的参考答案是否正确？" } },
    categories: GOLD_CATEGORIES,
    tieCategory: "uncertain",
    errorCategory: "incorrect",
    perTurn: "content",
  },
  {
    key: "evidence",
    label: "Evidence set (per source turn)",
    question: "Do the note passages given as this turn's sources support the answer, and are they all it needs?",
    translations: { "zh-CN": { label: "证据集（每个来源轮次）", question: "本轮次给出的病历段落是否支持答案，且是否完整？" } },
    categories: [
      { key: "complete", label: "Supports the answer, complete", translations: { "zh-CN": { label: "支持答案且完整" } } },
      {
        key: "partial",
        label: "Supports it, but misses or adds passages",
        translations: { "zh-CN": { label: "支持答案，但有遗漏或多余段落" } },
      },
      { key: "unsupported", label: "Does not support the answer", translations: { "zh-CN": { label: "不支持答案" } } },
    ],
    tieCategory: "partial",
    errorCategory: "unsupported",
    perTurn: "source",
  },
];

/** The default rubric for a dataset family: per turn for conversations, per decision point otherwise. */
export function defaultRubricFor(family: string): Rubric {
  return family === "notes-chatqa" ? CONVERSATION_RUBRIC : DEFAULT_RUBRIC;
}

/** A key from a label ("Needs revision" → "needs_revision"). */
export function keyFromLabel(label: string): string {
  return (
    label
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 40) || "category"
  );
}

export function parseRubric(value: unknown): Rubric {
  return rubricSchema.parse(value);
}

/**
 * The rubric as a reviewer reading `locale` sees it: each label, question and description in
 * that language where the rubric carries it, else the canonical text. Keys never change. The
 * translations themselves are left out: what is shown needs only the chosen text, and the other
 * language's would otherwise ride along in every page that hands the rubric to the browser (every
 * case page, the queue, the adjudication item).
 */
export function localizeRubric(rubric: Rubric, locale: Locale): Rubric {
  return rubric.map(({ translations: texts, ...d }) => {
    const t = locale === "en" ? undefined : texts?.[locale];
    return {
      ...d,
      label: t?.label || d.label,
      question: t?.question || d.question,
      categories: d.categories.map(({ translations: categoryTexts, ...c }) => {
        const ct = locale === "en" ? undefined : categoryTexts?.[locale];
        return { ...c, label: ct?.label || c.label, description: ct?.description || c.description };
      }),
    };
  });
}
