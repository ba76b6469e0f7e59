import "server-only";
import type { Db } from "../../db/client";
import { resolveEvaluationOptions } from "../../evaluation/report";
import type { EvaluationOptions, EvaluationReport, ResolvedEvaluationOptions } from "../../evaluation/report-types";
import { runJob } from "../jobs";
import { evaluationReportJob } from "../jobs/handlers";
import type { ComputedEvaluation } from "./compute-report";
import { type JobStage, jobStages } from "../jobs/stages";
import type { WaitOptions } from "../jobs/types";
import { EvaluationInputError } from "../../evaluation/errors";
import { AppError, catalogMessage } from "../errors";

export type { ComputedEvaluation } from "./compute-report";

/**
 * Bump whenever lib/evaluation would compute any number differently: stored reports carry
 * it in their key, so old ones are recomputed instead of served.
 */
// 3: engine 2 (shared draws, PRNG v2) is the default; engine-1 reports keep their own key.
// 4: a note instead of a comparison is a code ("noBaseline"), no longer English.
export const REPORT_ENGINE = "eval-report/4";

/** The B values the page offers (the command line accepts any up to 100,000). */
export const WEB_REPLICATES = [1_000, 2_000, 5_000, 10_000] as const;

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
  const { computeMs } = await runJob(db, evaluationReportJob, { setId, options: resolved, key }, wait);
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
 * evaluationFor for a request's options: options a statistic cannot be computed on (a stale
 * link, a hand-edited query) are a typed INVALID failure (400 from a route) naming the problem.
 */
export async function evaluationForRequest(db: Db, setId: string, options: EvaluationOptions): Promise<ComputedEvaluation | null> {
  try {
    return await evaluationFor(db, setId, options);
  } catch (error) {
    if (error instanceof EvaluationInputError) throw new AppError("INVALID", catalogMessage(error.said));
    throw error;
  }
}
