import "server-only";
import type { Db } from "../../db/client";
import { evaluationJson } from "../../evaluation/export-json";
import { buildEvaluationReportAsync, resolveEvaluationOptions } from "../../evaluation/report";
import type { EvaluationOptions, EvaluationReport, ResolvedEvaluationOptions } from "../../evaluation/report-types";
import { replySource } from "../../evaluation/reply-files";
import { NO_OPTION } from "./import-predictions";
import { loadEvalDataset } from "./load-dataset";

/**
 * Reports are computed on request: engine 2 (shared draws) makes a full-size report a few
 * hundred milliseconds, so storing them, and the staleness rule that came with it (a
 * version key bumped whenever a number could change), no longer pays. Rows that earlier
 * versions stored in EvaluationReport are left in place and no longer read: they were a
 * cache, never something a user saved; a published report is its downloaded JSON, which
 * `clinaudit evaluate --engine 1` (or `engine: 1`) reproduces bit for bit.
 */

/** The B values the page offers (the command line accepts any up to 100,000). */
export const WEB_REPLICATES = [1_000, 2_000, 5_000, 10_000] as const;

export interface ComputedEvaluation {
  report: EvaluationReport;
  /** evaluationJson(report): the JSON download, byte for byte. */
  json: string;
  computeMs: number;
}

// One computation per (set, options) at a time: a second viewer waits for the first.
const inFlight = new Map<string, Promise<ComputedEvaluation>>();

/** Lets other requests run between two bootstraps of a long report. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

async function compute(db: Db, setId: string, datasetId: string, options: ResolvedEvaluationOptions): Promise<ComputedEvaluation> {
  const started = performance.now();
  const [stored, set, rows] = await Promise.all([
    loadEvalDataset(db, datasetId),
    db.predictionSet.findUniqueOrThrow({ where: { id: setId }, select: { checksum: true, models: true, scopes: true, format: true, fileName: true } }),
    db.prediction.findMany({ where: { setId }, orderBy: { position: "asc" }, select: { model: true, scope: true, turn: true, option: true, item: { select: { externalId: true } } } }),
  ]);
  if (!stored) throw new Error(`dataset ${datasetId} of prediction set ${setId} is missing`);
  const models = set.models as string[];
  const replies = replySource(set.format, set.fileName, models);
  const input = {
    checksum: set.checksum,
    models,
    scopes: set.scopes as string[],
    rows: rows.map((r) => ({ model: r.model, scope: r.scope, itemId: r.item.externalId, turn: r.turn, option: r.option === NO_OPTION ? null : r.option })),
    ...(replies && { replies }),
  };
  const { baseline, replicates, level } = options;
  const seed = options.seed ?? undefined;
  const report = await buildEvaluationReportAsync(stored.dataset, input, { baseline, replicates, level, seed, engine: options.engine ?? 1 }, pause);
  const json = evaluationJson(report);
  return { report, json, computeMs: Math.round(performance.now() - started) };
}

/**
 * The report of a prediction set for these options, computed now (concurrent requests for
 * the same one share one computation). Null when the set does not exist; bad options throw
 * EvaluationInputError.
 */
export async function evaluationFor(db: Db, setId: string, options: EvaluationOptions): Promise<ComputedEvaluation | null> {
  const set = await db.predictionSet.findUnique({ where: { id: setId }, select: { datasetId: true, scopes: true } });
  if (!set) return null;
  const resolved = resolveEvaluationOptions(options, set.scopes as string[]);
  const flightKey = `${setId}\u0000${JSON.stringify(resolved)}`;
  let running = inFlight.get(flightKey);
  if (!running) {
    running = compute(db, setId, set.datasetId, resolved).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, running);
  }
  return running;
}
