/**
 * Report engine 1 (`engine: 1`): every statistic of every pair resamples its own patients
 * with the pair's own seed (`modelScopeSeed`) and a stream per statistic, using the
 * single-statistic functions of this folder. Kept to reproduce, bit for bit, every report
 * made before engine 2 (shared-report.ts).
 */
import { breakdownBy, type Breakdown } from "./breakdown";
import { CLUSTER_BOOTSTRAP_STREAM, clusterBootstrap } from "./cluster-bootstrap";
import { conversationAccuracy } from "./conversation";
import { decisionPoints } from "./decision-points";
import { EvaluationInputError } from "./errors";
import { pairedBootstrap } from "./paired-bootstrap";
import { baselineComparison, type PairCases } from "./report-cases";
import type { BreakdownEntry, DecisionPointEntry, DeltaEntry, EvaluationReport, ResolvedEvaluationOptions } from "./report-types";
import type { BootstrapOptions } from "./types";

export const CONTENT_STREAM = `${CLUSTER_BOOTSTRAP_STREAM}/content`;
export const SOURCE_STREAM = `${CLUSTER_BOOTSTRAP_STREAM}/source`;

function breakdownEntry(pair: PairCases, b: Breakdown): BreakdownEntry {
  return {
    model: pair.model,
    scope: pair.scope,
    groups: b.groups.map((g) => ({ value: g.value, correct: g.correct, total: g.total, patients: g.patients, accuracy: g.accuracy })),
    missing: b.missing,
  };
}

function decisionPointEntry(pair: PairCases, boot: BootstrapOptions): DecisionPointEntry {
  try {
    const r = decisionPoints(pair.cases, boot);
    return {
      model: pair.model,
      scope: pair.scope,
      first: r.first,
      later: r.later,
      patients: r.patients,
      patientsWithLater: r.patientsWithLater,
      difference: r.difference,
      pValue: r.pValue,
      degenerateReplicates: r.degenerateReplicates,
      note: null,
    };
  } catch (error) {
    if (!(error instanceof EvaluationInputError) || error.code !== "NOTHING_TO_COMPARE") throw error;
    const correct = pair.cases.filter((c) => c.correct).length;
    const total = pair.cases.length;
    return {
      model: pair.model,
      scope: pair.scope,
      first: { correct, total, accuracy: correct / total },
      later: { correct: 0, total: 0, accuracy: null },
      patients: new Set(pair.cases.map((c) => c.patientId)).size,
      patientsWithLater: 0,
      difference: null,
      pValue: null,
      degenerateReplicates: 0,
      note: "noLater",
    };
  }
}

function* deltaSteps(
  pairs: readonly PairCases[],
  o: ResolvedEvaluationOptions,
  seedOf: (p: PairCases) => string,
): Generator<string, DeltaEntry[]> {
  const out: DeltaEntry[] = [];
  for (const pair of pairs) {
    if (pair.scope === o.baseline) continue;
    const { entry, common } = baselineComparison(pair, pairs, o.baseline);
    if (common) {
      const r = pairedBootstrap(common[0], common[1], { seed: seedOf(pair), replicates: o.replicates, level: o.level });
      Object.assign(entry, {
        cases: r.cases,
        patients: r.patients,
        scopeAccuracy: r.scopeAccuracy,
        baselineAccuracy: r.baselineAccuracy,
        difference: r.difference,
        pValue: r.pValue,
      });
      yield `paired ${pair.model} / ${pair.scope}`;
    }
    out.push(entry);
  }
  return out;
}

/** Engine 1: every statistic of every pair resamples its own patients with its own seed and stream. */
export function* independentSteps(
  pairs: readonly PairCases[],
  o: ResolvedEvaluationOptions,
  report: EvaluationReport,
  seedOf: (p: PairCases) => string,
): Generator<string, void> {
  const kind = report.kind;
  for (const pair of pairs) {
    const boot: BootstrapOptions = { seed: seedOf(pair), replicates: o.replicates, level: o.level };
    const label = `${pair.model} / ${pair.scope}`;
    const acc = clusterBootstrap(pair.cases, boot);
    report.accuracy.push({
      model: pair.model,
      scope: pair.scope,
      correct: acc.correct,
      total: acc.total,
      patients: acc.patients,
      accuracy: acc.accuracy,
    });
    yield `accuracy ${label}`;
    if (kind === "decision-points") {
      report.decisionPoints.push(decisionPointEntry(pair, boot));
      yield `decision points ${label}`;
      report.levels.push(breakdownEntry(pair, breakdownBy(pair.cases, "level", boot)));
      yield `levels ${label}`;
    } else if (kind === "conversations") {
      const content = clusterBootstrap(pair.content, { ...boot, stream: CONTENT_STREAM });
      yield `content ${label}`;
      const source = clusterBootstrap(pair.source, { ...boot, stream: SOURCE_STREAM });
      yield `source ${label}`;
      report.conversations.push({
        model: pair.model,
        scope: pair.scope,
        ...conversationAccuracy(pair.turns),
        intervals: { content: content.accuracy, source: source.accuracy, paired: acc.accuracy },
      });
    }
    report.chapters.push(breakdownEntry(pair, breakdownBy(pair.cases, "chapter", boot)));
    yield `chapters ${label}`;
  }
  report.deltas = yield* deltaSteps(pairs, o, seedOf);
}
