import "server-only";
import type { Db } from "../../db/client";
import { drawSample, describeComposition, SamplingError, type FrameItem } from "../../sampling";
import { AppError } from "../errors";
import { planErrorMessage } from "./plan-errors";
import { processWide } from "../../process-wide";
import { Kept } from "../reports/kept";
import { sampleExternalIds } from "./queries";
import { drawModelGuided } from "./model-strata";
import type { AllocationRule } from "../../sampling/strata-allocation";

import { STRATA_KEYS, type StratumKey } from "../../schemas/audits";

export { STRATA_KEYS, type StratumKey };

/** Every item of the dataset as a sampling frame, identified by the benchmark's own ids. */
export async function samplingFrame(db: Db, datasetId: string) {
  const items = await db.item.findMany({
    where: { datasetId },
    select: { id: true, externalId: true, chapter: true, level: true, decisionPoint: true },
  });
  const frame: FrameItem[] = items.map((i) => ({
    id: i.externalId,
    strata: {
      chapter: i.chapter ?? "unknown",
      level: i.level ?? "unknown",
      // DP1 against later decision points, as the benchmark reports them.
      decisionPoint: i.decisionPoint === null ? "unknown" : i.decisionPoint === 1 ? "DP1" : "DP2+",
    },
  }));
  return { frame, dbIds: new Map(items.map((i) => [i.externalId, i.id])) };
}

export interface SampleRequest {
  datasetId: string;
  size: number;
  seed: string;
  strata: StratumKey[];
  /** Stratify by model disagreement (model-strata.ts) instead of by the strata above. */
  modelGuided?: { predictionSetId: string; allocation: AllocationRule };
}

export async function previewSample(db: Db, request: SampleRequest) {
  const { frame, dbIds } = await samplingFrame(db, request.datasetId);
  const sample = drawSample({ frame, size: request.size, seed: request.seed, strata: request.strata });
  const composition = describeComposition(sample, frame, [...STRATA_KEYS]);
  return { sample, composition, dbIds };
}

/**
 * What the new-audit form shows of a draw: the sample's figures and composition. A request the
 * frame cannot satisfy (too large, empty frame) is a typed failure with its catalog message.
 */
export async function sampleSummary(db: Db, request: SampleRequest) {
  if (request.modelGuided) {
    const [{ sample, design }, { frame }] = await Promise.all([
      drawModelGuided(db, { ...request, ...request.modelGuided }),
      samplingFrame(db, request.datasetId),
    ]);
    return {
      seed: sample.seed,
      size: sample.size,
      frameSize: sample.frameSize,
      frameChecksum: sample.frameChecksum,
      ids: sample.ids,
      allocation: sample.allocation.map((a) => ({
        key: a.key,
        values: {},
        population: a.population,
        allocated: a.allocated,
        drawn: a.allocated,
      })),
      composition: describeComposition(sample, frame, [...STRATA_KEYS]),
      modelAllocation: design.allocation,
    };
  }
  try {
    const { sample, composition } = await previewSample(db, request);
    return {
      seed: sample.seed,
      size: sample.size,
      frameSize: sample.frameSize,
      frameChecksum: sample.frameChecksum,
      ids: sample.ids,
      allocation: sample.allocation,
      composition,
    };
  } catch (error) {
    if (error instanceof SamplingError) throw new AppError("INVALID", planErrorMessage(error));
    throw error;
  }
}

const compositions = processWide("kept-sample-compositions", () => new Kept<ReturnType<typeof describeComposition>>());

/**
 * What an audit's sample is made of (per stratum, against its dataset's frame), kept per the
 * sample's size: the frame never changes after import, and the sample changes only by extension.
 * A full review's audit page would otherwise read every sampled item and the whole frame per view.
 */
export async function sampleComposition(db: Db, audit: { id: string; datasetId: string }) {
  const sampled = await db.auditItem.count({ where: { auditId: audit.id } });
  return compositions.get(audit.id, `${audit.datasetId}:${sampled}`, async () => {
    const [ids, { frame }] = await Promise.all([sampleExternalIds(db, audit.id), samplingFrame(db, audit.datasetId)]);
    return describeComposition({ ids }, frame, [...STRATA_KEYS]);
  });
}
