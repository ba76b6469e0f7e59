import "server-only";
import type { Db } from "../../db/client";
import { evaluationJson } from "../../evaluation/export-json";
import { buildEvaluationReportAsync, resolveEvaluationOptions } from "../../evaluation/report";
import type { EvaluationOptions, EvaluationReport, ResolvedEvaluationOptions } from "../../evaluation/report-types";
import { replySource } from "../../evaluation/reply-files";
import { NO_OPTION } from "./import-predictions";
import { loadEvalDataset } from "./load-dataset";

/**
 * Bump whenever lib/evaluation would compute any number differently: stored reports carry
 * it in their key, so old ones are recomputed instead of served.
 */
export const REPORT_ENGINE = "eval-report/2";

/** The B values the page offers (the command line accepts any up to 100,000). */
export const WEB_REPLICATES = [1_000, 2_000, 5_000, 10_000] as const;

export interface ComputedEvaluation {
  report: EvaluationReport;
  /** evaluationJson(report): the JSON download, byte for byte. */
  json: string;
  computeMs: number;
  cached: boolean;
}

// One computation per (set, options) at a time: a second viewer waits for the first.
const inFlight = new Map<string, Promise<ComputedEvaluation>>();

/** Lets other requests run between two bootstraps of a long report. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

async function compute(db: Db, setId: string, datasetId: string, options: ResolvedEvaluationOptions, key: string): Promise<ComputedEvaluation> {
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
  const report = await buildEvaluationReportAsync(stored.dataset, input, { baseline, replicates, level, seed }, pause);
  const json = evaluationJson(report);
  const computeMs = Math.round(performance.now() - started);
  // Another process may have stored the same report meanwhile: identical by construction.
  await db.evaluationReport.upsert({ where: { setId_key: { setId, key } }, create: { setId, key, json, computeMs }, update: {} });
  return { report, json, computeMs, cached: false };
}

/**
 * The report of a prediction set for these options: stored if it was computed before, else
 * computed now (seconds for a full-size benchmark at B = 10,000) and stored. Null when the
 * set does not exist; bad options throw EvaluationInputError.
 */
export async function evaluationFor(db: Db, setId: string, options: EvaluationOptions): Promise<ComputedEvaluation | null> {
  const set = await db.predictionSet.findUnique({ where: { id: setId }, select: { datasetId: true, scopes: true } });
  if (!set) return null;
  const resolved = resolveEvaluationOptions(options, set.scopes as string[]);
  const key = JSON.stringify([REPORT_ENGINE, resolved]);
  const stored = await db.evaluationReport.findUnique({ where: { setId_key: { setId, key } }, select: { json: true, computeMs: true } });
  if (stored) return { report: JSON.parse(stored.json) as EvaluationReport, json: stored.json, computeMs: stored.computeMs, cached: true };
  const flightKey = `${setId}\u0000${key}`;
  let running = inFlight.get(flightKey);
  if (!running) {
    running = compute(db, setId, set.datasetId, resolved, key).finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, running);
  }
  return running;
}
