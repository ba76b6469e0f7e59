// The sample planner's input: one schema for the form and the server action.
import { z } from "zod";

const share = (min: number, max: number) => z.coerce.number().min(min).max(max);

export const samplePlanSchema = z
  .strictObject({
    populationSize: z.coerce.number().int().min(2).max(10_000_000),
    /** The sample size the organizer is considering (for the AC1 precision). */
    size: z.coerce.number().int().min(2),
    toleratedErrors: z.coerce.number().int().min(0).max(1_000),
    /** Percent, e.g. 5. */
    targetPercent: share(0.1, 50),
    /** Percent, e.g. 95. */
    confidencePercent: share(50, 99.9),
    raters: z.coerce.number().int().min(2).max(20),
    categories: z.coerce.number().int().min(2).max(20),
    /** Expected pairwise agreement in percent, e.g. 90. */
    agreementPercent: share(0, 100),
  })
  .refine((p) => p.size <= p.populationSize, { path: ["size"], message: "The sample cannot be larger than the benchmark" })
  .refine((p) => p.toleratedErrors < p.populationSize, { path: ["toleratedErrors"], message: "Fewer errors than items, please" })
  .refine((p) => p.agreementPercent / 100 >= 1 / p.categories, {
    path: ["agreementPercent"],
    message: "Expected agreement is below chance for this many categories",
  });

export type SamplePlanRequest = z.input<typeof samplePlanSchema>;
