"use server";
import { expectedAc1HalfWidth, smallestSampleForBound } from "@/lib/agreement/sample-plan";
import { samplePlanSchema } from "@/lib/schemas/sample-plan";
import { modelGuidedPreviewSchema } from "@/lib/schemas/audits";
import { guardedAction } from "@/lib/server/action";
import { previewModelGuided } from "@/lib/server/audits/model-strata";

/**
 * The sample planner on the new-audit form: the smallest sample for the published claim, and
 * how precise AC1 will be at the size being considered. Pure computation (a few ms for a
 * 1,500-item benchmark); on the server because the simulation's seeded PRNG uses node:crypto.
 */
export const planSampleAction = guardedAction("audits:manage", samplePlanSchema, async (p) => {
  const confidenceLevel = p.confidencePercent / 100;
  const bound = smallestSampleForBound({
    populationSize: p.populationSize,
    toleratedErrors: p.toleratedErrors,
    targetRate: p.targetPercent / 100,
    confidenceLevel,
  });
  const ac1 = expectedAc1HalfWidth({
    items: p.size,
    raters: p.raters,
    categories: p.categories,
    expectedAgreement: p.agreementPercent / 100,
    populationSize: p.populationSize,
    // AC1's interval is two-sided at the audit's level (the dashboard's default, 95 %).
    confidenceLevel: 0.95,
  });
  return { bound, ac1 };
});

/**
 * "Stratify by model disagreement": the strata and n_h the draw would give, and the expected upper
 * bound under simple random sampling and under the design at the organizer's assumed rates (1,000
 * seeded simulated audits, a few hundred ms at most). Organizers and admins only.
 */
export const previewModelGuidedAction = guardedAction("audits:manage", modelGuidedPreviewSchema, async (p, { db }) =>
  previewModelGuided(db, p),
);
