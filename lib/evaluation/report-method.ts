/**
 * The report's `method` block: enough, in words and names, to re-run it bit for bit (the
 * bootstrap, PRNG, quantile rule, seed rule, streams and p-value definitions of its engine).
 */
import { PRNG_NAME, PRNG_VERSION } from "@/lib/sampling/prng";
import { PRNG_V2_NAME, PRNG_V2_VERSION } from "@/lib/sampling/prng-v2";
import { BREAKDOWN_STREAM } from "./breakdown";
import { CLUSTER_BOOTSTRAP_STREAM } from "./cluster-bootstrap";
import { DECISION_POINT_STREAM } from "./decision-points";
import { CONTENT_STREAM, SOURCE_STREAM } from "./independent-report";
import { PAIRED_BOOTSTRAP_STREAM } from "./paired-bootstrap";
import { QUANTILE_METHOD } from "./quantile";
import type { EvaluationMethod, EvaluationReport, PairKey, ResolvedEvaluationOptions } from "./report-types";
import { reportSeed, SHARED_DRAWS_STREAM } from "./shared-report";

/** The method block of an engine-1 report: one seed per pair (`seeds`), one stream per statistic. */
export function reportMethod(
  kind: EvaluationReport["kind"],
  o: ResolvedEvaluationOptions,
  seeds: EvaluationMethod["seeds"],
): EvaluationMethod {
  const parts = o.seed === null ? "[model, scope]" : "[model, scope, seed]";
  return {
    bootstrap:
      "patient-clustered percentile bootstrap: each replicate draws as many patients as there are, uniformly with replacement, and keeps all of their cases",
    replicates: o.replicates,
    level: o.level,
    prng: `${PRNG_NAME} v${PRNG_VERSION} (nextInt over patients in patientId code-unit order)`,
    quantile: QUANTILE_METHOD,
    seedRule: `seed of a model-scope pair = "clinaudit-eval/v1 " + JSON.stringify(${parts}); a paired comparison uses the compared scope's seed`,
    streams: {
      accuracy: CLUSTER_BOOTSTRAP_STREAM,
      paired: PAIRED_BOOTSTRAP_STREAM,
      decisionPoints: kind === "decision-points" ? DECISION_POINT_STREAM : null,
      breakdown: `${BREAKDOWN_STREAM}/<dimension>=<JSON of the value>`,
      conversation: kind === "conversations" ? `${CONTENT_STREAM}, ${SOURCE_STREAM} (Paired: ${CLUSTER_BOOTSTRAP_STREAM})` : null,
    },
    pValues:
      "one-sided percentile-bootstrap p-values: paired = share of replicates with scope - baseline <= 0 (H1: scope better); " +
      "decision points = share of replicates with DP2+ - DP1 >= 0 (H1: later decision points less accurate)",
    cases:
      kind === "decision-points"
        ? "one case per predicted item; the first decision point is the smallest decision_point_index of the patient's predicted items"
        : kind === "conversations"
          ? "one case per QA (content turn and source turn with the same turn_index); Paired = both correct"
          : "one case per predicted question (a conversation of one turn, without a source turn)",
    seeds,
  };
}

/** The method block of an engine-2 report: one seed, one stream, draws shared by every statistic. */
export function sharedReportMethod(
  kind: EvaluationReport["kind"],
  o: ResolvedEvaluationOptions,
  pairs: readonly PairKey[],
): EvaluationMethod {
  const seed = reportSeed(o.seed);
  const v1 = reportMethod(kind, o, []);
  return {
    ...v1,
    prng: `${PRNG_V2_NAME} v${PRNG_V2_VERSION} (nextInt over the dataset's patients in patientId code-unit order)`,
    seedRule: `one seed for the whole report = "clinaudit-eval/v2 " + JSON.stringify(${o.seed === null ? "[]" : "[seed]"}), stream ${SHARED_DRAWS_STREAM}`,
    streams: {
      accuracy: SHARED_DRAWS_STREAM,
      paired: SHARED_DRAWS_STREAM,
      decisionPoints: kind === "decision-points" ? SHARED_DRAWS_STREAM : null,
      breakdown: SHARED_DRAWS_STREAM,
      conversation: kind === "conversations" ? SHARED_DRAWS_STREAM : null,
    },
    seeds: pairs.map((p) => ({ model: p.model, scope: p.scope, seed })),
    draws:
      "common random numbers: replicate b draws as many patients as the dataset has (those with at least one item), once, and every model-scope pair, " +
      "breakdown group and comparison of the report uses those same patients; scope - baseline and DP2+ - DP1 are differences within one replicate (exact pairings). " +
      "A pair or group covering only some patients has a varying number of them per replicate; replicates with none are left out and counted in degenerateReplicates",
  };
}
