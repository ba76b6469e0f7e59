// The evaluation report's job (lib/server/jobs/handlers.ts: evaluationReportJob): computes a
// prediction set's report and stores it. Apart from report.ts, which enqueues the job and waits,
// so that the queue's handlers and their callers form no import cycle.
import "server-only";
import type { Db } from "../../db/client";
import { evaluationJson } from "../../evaluation/export-json";
import { buildEvaluationReportAsync } from "../../evaluation/report";
import type { EvaluationReport, ResolvedEvaluationOptions } from "../../evaluation/report-types";
import { replySource } from "../../evaluation/reply-files";
import { NO_OPTION } from "./import-predictions";
import { loadEvalDataset } from "./load-dataset";

export interface ComputedEvaluation {
  report: EvaluationReport;
  /** evaluationJson(report): the JSON download, byte for byte. */
  json: string;
  computeMs: number;
  cached: boolean;
}

/** Lets other requests run between two bootstraps of a long report. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

async function compute(
  db: Db,
  setId: string,
  datasetId: string,
  options: ResolvedEvaluationOptions,
  key: string,
): Promise<ComputedEvaluation> {
  const started = performance.now();
  const [stored, set, rows] = await Promise.all([
    loadEvalDataset(db, datasetId),
    db.predictionSet.findUniqueOrThrow({
      where: { id: setId },
      select: { checksum: true, models: true, scopes: true, format: true, fileName: true },
    }),
    db.prediction.findMany({
      where: { setId },
      orderBy: { position: "asc" },
      select: { model: true, scope: true, turn: true, option: true, item: { select: { externalId: true } } },
    }),
  ]);
  if (!stored) throw new Error(`dataset ${datasetId} of prediction set ${setId} is missing`);
  const models = set.models as string[];
  const replies = replySource(set.format, set.fileName, models);
  const input = {
    checksum: set.checksum,
    models,
    scopes: set.scopes as string[],
    rows: rows.map((r) => ({
      model: r.model,
      scope: r.scope,
      itemId: r.item.externalId,
      turn: r.turn,
      option: r.option === NO_OPTION ? null : r.option,
    })),
    ...(replies && { replies }),
  };
  const { baseline, replicates, level } = options;
  const seed = options.seed ?? undefined;
  const report = await buildEvaluationReportAsync(
    stored.dataset,
    input,
    { baseline, replicates, level, seed, engine: options.engine ?? 1 },
    pause,
  );
  const json = evaluationJson(report);
  const computeMs = Math.round(performance.now() - started);
  // Another process may have stored the same report meanwhile: identical by construction.
  await db.evaluationReport.upsert({ where: { setId_key: { setId, key } }, create: { setId, key, json, computeMs }, update: {} });
  return { report, json, computeMs, cached: false };
}

/**
 * The job behind evaluationFor: computes and stores the report under `key` (reportKey of the
 * options, made by the caller: the options come back from the queue as jsonb, keys reordered)
 * unless it is stored already (a second job for the same report, or a rerun after a worker
 * died, finds it and returns).
 */
export async function computeEvaluationReport(
  db: Db,
  setId: string,
  options: ResolvedEvaluationOptions,
  key: string,
): Promise<{ computeMs: number; cached: boolean }> {
  const stored = await db.evaluationReport.findUnique({ where: { setId_key: { setId, key } }, select: { computeMs: true } });
  if (stored) return { computeMs: stored.computeMs, cached: true };
  const set = await db.predictionSet.findUniqueOrThrow({ where: { id: setId }, select: { datasetId: true } });
  const { computeMs } = await compute(db, setId, set.datasetId, options, key);
  return { computeMs, cached: false };
}
