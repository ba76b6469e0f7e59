import "server-only";
import type { z } from "zod";
import { rowsTimeoutMs, writeInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { reviewOrderRule, SamplingError, type ReviewOrderMode } from "../../sampling";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";
import { planErrorMessage } from "./plan-errors";
import type { createAuditSchema } from "../../schemas/audits";
import { previewSample } from "./sampling-frame";
import { drawModelGuided } from "./model-strata";

type CreateInput = Omit<z.output<typeof createAuditSchema>, "reviewOrder">;

/**
 * The sample: by item attributes (sample.ts) or, with `modelGuided`, by model disagreement
 * (stratified.ts), in which case the design and each item's stratum are recorded too.
 */
async function drawFor(db: Db, input: CreateInput) {
  if (input.modelGuided) {
    const { sample, design, dbIds } = await drawModelGuided(db, {
      datasetId: input.datasetId,
      size: input.size,
      seed: input.seed,
      predictionSetId: input.modelGuided.predictionSetId,
      allocation: input.modelGuided.allocation,
    });
    const allocation = sample.allocation.map((a) => ({ key: a.key, population: a.population, allocated: a.allocated, drawn: a.allocated }));
    return {
      sample: { ...sample, strataKeys: [] as string[], allocation },
      dbIds,
      modelDesign: design,
      strataOf: sample.strataOf,
    };
  }
  const { sample, dbIds } = await previewSample(db, {
    datasetId: input.datasetId,
    size: input.size,
    seed: input.seed,
    strata: input.strata,
  }).catch((error: unknown) => {
    if (error instanceof SamplingError) throw new AppError("INVALID", planErrorMessage(error));
    throw error;
  });
  return { sample, dbIds, modelDesign: null, strataOf: null };
}

/** Draws the sample (reproducibly) and creates the audit as a draft with its items in sample order. */
export async function createAudit(db: Db, actorId: string, given: CreateInput & { reviewOrder?: ReviewOrderMode }) {
  const input = { ...given, reviewOrder: given.reviewOrder ?? "per-rater" };
  const dataset = await db.dataset.findUnique({ where: { id: input.datasetId }, select: { id: true, itemCount: true } });
  if (!dataset) throw new AppError("NOT_FOUND", { key: "audits.errors.datasetNotFound" });
  const { sample, dbIds, modelDesign, strataOf } = await drawFor(db, input);
  return db.$transaction(
    async (tx) => {
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
          ...(modelDesign && { modelDesign: modelDesign as object }),
          populationSize: dataset.itemCount,
          design: "FULLY_CROSSED",
          createdById: actorId,
        },
      });
      const items = sample.ids.map((externalId, i) => ({
        auditId: audit.id,
        itemId: dbIds.get(externalId)!,
        sampleOrder: i + 1,
        ...(strataOf && { modelStratum: strataOf[externalId] }),
      }));
      await writeInBatches(items, (data) => tx.auditItem.createMany({ data }));
      await recordEvent(tx, {
        actorId,
        action: "audit.create",
        entity: "Audit",
        entityId: audit.id,
        after: {
          name: input.name,
          datasetId: input.datasetId,
          size: input.size,
          seed: sample.seed,
          strata: input.strata,
          frameChecksum: sample.frameChecksum,
          reviewOrder: reviewOrderRule(input.reviewOrder),
          ...(modelDesign && {
            modelGuided: { predictionSet: modelDesign.predictionSet, allocationRule: modelDesign.allocationRule },
          }),
        } as object,
      });
      return audit;
    },
    { timeout: rowsTimeoutMs(sample.ids.length) },
  );
}
