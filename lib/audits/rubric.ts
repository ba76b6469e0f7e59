// An audit's rubric: ordered dimensions, each with ordered categories, the category a split
// vote counts as, and optionally the category that means "the benchmark is wrong" (for the
// error-rate bound). Pure; the same schema validates the editor and the server action.
import { z } from "zod";

const key = z.string().trim().min(1).max(40).regex(/^[a-z0-9_]+$/, "Use lower-case letters, digits and _");

export const rubricCategorySchema = z.object({
  key,
  label: z.string().trim().min(1, "Give the category a label").max(80),
  description: z.string().trim().max(300).optional(),
});

export const rubricDimensionSchema = z
  .object({
    key,
    label: z.string().trim().min(1, "Give the dimension a label").max(120),
    question: z.string().trim().max(300).optional(),
    categories: z.array(rubricCategorySchema).min(2, "At least two categories").max(9, "At most nine (keys 1–9)"),
    tieCategory: key,
    errorCategory: key.nullable().optional(),
  })
  .superRefine((d, ctx) => {
    const keys = d.categories.map((c) => c.key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", path: ["categories"], message: "Category keys must be unique" });
    if (!keys.includes(d.tieCategory)) ctx.addIssue({ code: "custom", path: ["tieCategory"], message: "The tie category must be one of the categories" });
    if (d.errorCategory && !keys.includes(d.errorCategory))
      ctx.addIssue({ code: "custom", path: ["errorCategory"], message: "The error category must be one of the categories" });
  });

export const rubricSchema = z
  .array(rubricDimensionSchema)
  .min(1, "At least one dimension")
  .max(6)
  .superRefine((dims, ctx) => {
    const keys = dims.map((d) => d.key);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", message: "Dimension keys must be unique" });
  });

export type RubricCategory = z.infer<typeof rubricCategorySchema>;
export type RubricDimension = z.infer<typeof rubricDimensionSchema>;
export type Rubric = z.infer<typeof rubricSchema>;

/** The two dimensions of the published review protocol. */
export const DEFAULT_RUBRIC: Rubric = [
  {
    key: "gold",
    label: "Gold-answer correctness",
    question: "Is the designated gold answer correct given the record up to the decision point?",
    categories: [
      { key: "correct", label: "Correct" },
      { key: "incorrect", label: "Incorrect" },
      { key: "uncertain", label: "Uncertain" },
    ],
    tieCategory: "uncertain",
    errorCategory: "incorrect",
  },
  {
    key: "question",
    label: "Question clarity and clinical meaningfulness",
    question: "Is the question clear and clinically meaningful?",
    categories: [
      { key: "clear", label: "Clear and meaningful" },
      { key: "ambiguous", label: "Ambiguous, requiring revision" },
      { key: "unreasonable", label: "Unreasonable" },
    ],
    tieCategory: "ambiguous",
    errorCategory: "unreasonable",
  },
];

/** A key from a label ("Needs revision" → "needs_revision"). */
export function keyFromLabel(label: string): string {
  return label.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 40) || "category";
}

export function parseRubric(value: unknown): Rubric {
  return rubricSchema.parse(value);
}
