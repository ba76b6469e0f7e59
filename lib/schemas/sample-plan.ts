// The sample planner's input: one schema for the form and the server action. Every message is a
// catalog key (lib/schemas/issues.ts), so the planner says what is wrong in the reader's language.
import { z } from "zod";

const v = "audits.planner.validation";

/** A number from `min` to `max` ("At least {min}" / "At most {max}" when outside). */
const number = (min: number, max: number, whole = false) => {
  const n = z.coerce.number(`${v}.number`);
  return (whole ? n.int(`${v}.wholeNumber`) : n).min(min, `${v}.atLeast`).max(max, `${v}.atMost`);
};

export const samplePlanSchema = z
  .strictObject({
    populationSize: number(2, 10_000_000, true),
    /** The sample size the organizer is considering (for the AC1 precision). */
    size: number(2, 10_000_000, true),
    toleratedErrors: number(0, 1_000, true),
    /** Percent, e.g. 5. */
    targetPercent: number(0.1, 50),
    /** Percent, e.g. 95. */
    confidencePercent: number(50, 99.9),
    raters: number(2, 20, true),
    categories: number(2, 20, true),
    /** Expected pairwise agreement in percent, e.g. 90. */
    agreementPercent: number(0, 100),
  })
  .refine((p) => p.size <= p.populationSize, { path: ["size"], message: `${v}.sampleTooLarge` })
  .refine((p) => p.toleratedErrors < p.populationSize, { path: ["toleratedErrors"], message: `${v}.tooManyErrors` })
  .refine((p) => p.agreementPercent / 100 >= 1 / p.categories, { path: ["agreementPercent"], message: `${v}.belowChance` });

export type SamplePlanRequest = z.input<typeof samplePlanSchema>;
