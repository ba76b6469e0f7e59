import "server-only";
import type { Db } from "../../db/client";
import { evaluationJson } from "../../evaluation/export-json";
import { buildEvaluationReportAsync, resolveEvaluationOptions } from "../../evaluation/report";
import type { EvaluationOptions, EvaluationReport, ResolvedEvaluationOptions } from "../../evaluation/report-types";
import { replySource } from "../../evaluation/reply-files";
import { NO_OPTION } from "./import-predictions";
import { runJob } from "../jobs";
import { type JobStage, jobStages } from "../jobs/stages";
import type { WaitOptions } from "../jobs/types";
import { EvaluationInputError } from "../../evaluation/errors";
import { invalidDetail } from "../errors";
import { loadEvalDataset } from "./load-dataset";

/**
 * Bump whenever lib/evaluation would compute any number differently: stored reports carry
 * it in their key, so old ones are recomputed instead of served.
 */
// 3: engine 2 (shared draws, PRNG v2) is the default; engine-1 reports keep their own key.
export const REPORT_ENGINE = "eval-report/3";

/** The B values the page offers (the command line accepts any up to 100,000). */
export const WEB_REPLICATES = [1_000, 2_000, 5_000, 10_000] as const;

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
 * The report of a prediction set for these options: stored if it was computed before, else
 * computed now (seconds for a full-size benchmark at B = 10,000) as a job (lib/server/jobs: a
 * worker process on PostgreSQL, this process on SQLite; the same report asked for at once is
 * computed once) and stored. Null when the set does not exist; bad options throw
 * EvaluationInputError.
 */
export async function evaluationFor(
  db: Db,
  setId: string,
  options: EvaluationOptions,
  wait?: WaitOptions,
): Promise<ComputedEvaluation | null> {
  const set = await db.predictionSet.findUnique({ where: { id: setId }, select: { datasetId: true, scopes: true } });
  if (!set) return null;
  const resolved = resolveEvaluationOptions(options, set.scopes as string[]);
  const key = reportKey(resolved);
  const stored = await db.evaluationReport.findUnique({ where: { setId_key: { setId, key } }, select: { json: true, computeMs: true } });
  if (stored) return { report: JSON.parse(stored.json) as EvaluationReport, json: stored.json, computeMs: stored.computeMs, cached: true };
  const { computeMs } = await runJob(db, "evaluation-report", { setId, options: resolved, key }, wait);
  const made = await db.evaluationReport.findUniqueOrThrow({ where: { setId_key: { setId, key } }, select: { json: true } });
  return { report: JSON.parse(made.json) as EvaluationReport, json: made.json, computeMs, cached: false };
}

/**
 * evaluationFor as the results page streams it: a run of the report's job that stopped (on
 * PostgreSQL, its worker was killed or ran out of memory) and was queued again is a stage the page
 * shows a notice for before it goes on waiting; a worker that stopped on every attempt is a stage
 * too, said on the page instead of an error page.
 */
export function evaluationStages(db: Db, setId: string, options: EvaluationOptions): Promise<JobStage<ComputedEvaluation | null>> {
  return jobStages((wait) => evaluationFor(db, setId, options, wait));
}

const reportKey = (resolved: ResolvedEvaluationOptions) => JSON.stringify([REPORT_ENGINE, resolved]);

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

/**
 * evaluationFor for a request's options: options a statistic cannot be computed on (a stale
 * link, a hand-edited query) are a typed INVALID failure (400 from a route) naming the problem.
 */
export async function evaluationForRequest(db: Db, setId: string, options: EvaluationOptions): Promise<ComputedEvaluation | null> {
  try {
    return await evaluationFor(db, setId, options);
  } catch (error) {
    if (error instanceof EvaluationInputError) throw invalidDetail(error.message);
    throw error;
  }
}
