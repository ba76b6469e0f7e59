import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rubricSchema } from "../../audits/rubric";
import { en } from "../../i18n/messages";
import { REVIEW_ORDER_MODES, reviewOrderRule, SamplingError, type ReviewOrderMode } from "../../sampling";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";
import { planErrorMessage } from "./plan-errors";
import { previewSample, STRATA_KEYS } from "./sampling-frame";

// Messages are the English catalog's, so the form can show them in the reader's language.
const says = en.audits.validation;

/** What "Draw sample" sends; the audit adds its name and rubric. */
export const sampleRequestSchema = z.strictObject({
  datasetId: z.string().min(1, says.dataset),
  size: z.coerce.number(says.wholeNumber).int(says.wholeNumber).min(1, says.atLeastOne),
  seed: z.string().trim().min(1, says.seed).max(256),
  strata: z.array(z.enum(STRATA_KEYS)).default([]),
});

export const createAuditSchema = sampleRequestSchema.extend({
  name: z.string().trim().min(1, says.name).max(160),
  rubric: rubricSchema,
  /** Each rater's own shuffle (default) or one shuffle for all; either way cutoff order within a patient. */
  reviewOrder: z.enum(REVIEW_ORDER_MODES).default("per-rater"),
});
export type CreateAuditInput = z.input<typeof createAuditSchema>;

/** Draws the sample (reproducibly) and creates the audit as a draft with its items in sample order. */
export async function createAudit(db: Db, actorId: string, given: Omit<z.output<typeof createAuditSchema>, "reviewOrder"> & { reviewOrder?: ReviewOrderMode }) {
  const input = { ...given, reviewOrder: given.reviewOrder ?? "per-rater" };
  const dataset = await db.dataset.findUnique({ where: { id: input.datasetId }, select: { id: true, itemCount: true } });
  if (!dataset) throw new AppError("NOT_FOUND", { key: "audits.errors.datasetNotFound" });
  let preview: Awaited<ReturnType<typeof previewSample>>;
  try {
    preview = await previewSample(db, { datasetId: input.datasetId, size: input.size, seed: input.seed, strata: input.strata });
  } catch (error) {
    if (error instanceof SamplingError) throw new AppError("INVALID", planErrorMessage(error));
    throw error;
  }
  const { sample, dbIds } = preview;
  return db.$transaction(async (tx) => {
    const audit = await tx.audit.create({
      data: {
        name: input.name,
        datasetId: input.datasetId,
        rubric: input.rubric,
        sampleSize: input.size,
        seed: sample.seed,
        strata: input.strata,
        sampling: {
          algorithm: sample.algorithm,
          frameSize: sample.frameSize,
          frameChecksum: sample.frameChecksum,
          strataKeys: sample.strataKeys,
          allocation: sample.allocation,
          reviewOrder: reviewOrderRule(input.reviewOrder),
        } as object,
        populationSize: dataset.itemCount,
        design: "FULLY_CROSSED",
        createdById: actorId,
      },
    });
    await tx.auditItem.createMany({
      data: sample.ids.map((externalId, i) => ({ auditId: audit.id, itemId: dbIds.get(externalId)!, sampleOrder: i + 1 })),
    });
    await recordEvent(tx, {
      actorId,
      action: "audit.create",
      entity: "Audit",
      entityId: audit.id,
      after: { name: input.name, datasetId: input.datasetId, size: input.size, seed: sample.seed, strata: input.strata, frameChecksum: sample.frameChecksum, reviewOrder: reviewOrderRule(input.reviewOrder) } as object,
    });
    return audit;
  });
}
