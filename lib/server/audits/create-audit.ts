import "server-only";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rubricSchema } from "../../audits/rubric";
import { SamplingError } from "../../sampling";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";
import { previewSample, STRATA_KEYS } from "./sampling-frame";

export const createAuditSchema = z.object({
  name: z.string().trim().min(1, "Name the audit").max(160),
  datasetId: z.string().min(1, "Choose a dataset"),
  size: z.coerce.number().int("A whole number").min(1, "At least one item"),
  seed: z.string().trim().min(1, "Give a seed").max(256),
  strata: z.array(z.enum(STRATA_KEYS)).default([]),
  rubric: rubricSchema,
});
export type CreateAuditInput = z.input<typeof createAuditSchema>;

/** Draws the sample (reproducibly) and creates the audit as a draft with its items in sample order. */
export async function createAudit(db: Db, actorId: string, input: z.output<typeof createAuditSchema>) {
  const dataset = await db.dataset.findUnique({ where: { id: input.datasetId }, select: { id: true, itemCount: true } });
  if (!dataset) throw new AppError("NOT_FOUND", "That dataset does not exist.");
  let preview;
  try {
    preview = await previewSample(db, { datasetId: input.datasetId, size: input.size, seed: input.seed, strata: input.strata });
  } catch (error) {
    if (error instanceof SamplingError) throw new AppError("INVALID", error.message);
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
      after: { name: input.name, datasetId: input.datasetId, size: input.size, seed: sample.seed, strata: input.strata, frameChecksum: sample.frameChecksum },
    });
    return audit;
  });
}
