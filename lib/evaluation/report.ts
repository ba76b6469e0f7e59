/**
 * Builds the model-evaluation report from the dataset and a prediction set, with the
 * statistics of this folder and nothing else:
 *   - accuracy of every model × scope with its patient-clustered percentile interval;
 *   - each scope against the baseline scope, paired on the cases both predicted;
 *   - decision points: DP1 vs DP2+ and breakdowns by chapter and evidence level;
 *   - conversations: Content / Source / Paired (QA micro with intervals, sample mean,
 *     all-correct), cascade gap, by number of notes, and a breakdown by QA category.
 * Every pair has its own fixed seed (`modelScopeSeed`), so adding a model or a scope never
 * changes another pair's numbers, and the same inputs give the same report, bit for bit.
 *
 * `evaluationSteps` yields after each bootstrap (~0.1–0.3 s at 1,500 cases, B = 10,000), so a
 * server can let other requests run in between (`buildEvaluationReportAsync`).
 */
import { PRNG_NAME, PRNG_VERSION, SeedError } from "@/lib/sampling/prng";
import { PRNG_V2_NAME, PRNG_V2_VERSION } from "@/lib/sampling/prng-v2";
import { DEFAULT_LEVEL, DEFAULT_REPLICATES, modelScopeSeed } from "./bootstrap-settings";
import { breakdownBy, BREAKDOWN_STREAM, type Breakdown } from "./breakdown";
import { CLUSTER_BOOTSTRAP_STREAM, clusterBootstrap } from "./cluster-bootstrap";
import { conversationAccuracy } from "./conversation";
import { decisionPoints, DECISION_POINT_STREAM } from "./decision-points";
import { type DomainCode, type DomainValues, domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import type { EvalDataset } from "./eval-dataset";
import { pairedBootstrap, PAIRED_BOOTSTRAP_STREAM } from "./paired-bootstrap";
import { QUANTILE_METHOD } from "./quantile";
import { casesByPair, commonCases, type PairCases } from "./report-cases";
import {
  EVALUATION_REPORT_VERSION,
  type BreakdownEntry,
  type DecisionPointEntry,
  type DeltaEntry,
  type EvaluationMethod,
  type EvaluationOptions,
  type EvaluationKind,
  type EvaluationReport,
  type PairKey,
  type PredictionSetInput,
  type ReplyEntry,
  type ReplySource,
  type ReportEngine,
  type ResolvedEvaluationOptions,
} from "./report-types";
import { reportSeed, SHARED_DRAWS_STREAM, sharedSteps } from "./shared-report";
import type { BootstrapOptions } from "./types";

export const MAX_REPORT_REPLICATES = 100_000;
const MAX_SEED_OPTION = 64;
/** Shared draws (engine 2); engine 1 stays available to reproduce reports made with it. */
export const DEFAULT_ENGINE: ReportEngine = 2;
const CONTENT_STREAM = `${CLUSTER_BOOTSTRAP_STREAM}/content`;
const SOURCE_STREAM = `${CLUSTER_BOOTSTRAP_STREAM}/source`;

const bad = (code: DomainCode, values?: DomainValues) => new EvaluationInputError("INVALID_OPTION", said(code, values));

export function resolveEvaluationOptions(options: EvaluationOptions, scopes: readonly string[]): ResolvedEvaluationOptions {
  const baseline = options.baseline ?? scopes[0];
  if (baseline === undefined || !scopes.includes(baseline))
    throw bad("report.baselineNotScope", { baseline: String(baseline), scopes: scopes.join(", ") });
  const replicates = options.replicates ?? DEFAULT_REPLICATES;
  if (!Number.isInteger(replicates) || replicates < 1 || replicates > MAX_REPORT_REPLICATES)
    throw bad("report.replicatesWhole", { max: MAX_REPORT_REPLICATES.toLocaleString("en"), got: String(replicates) });
  const level = options.level ?? DEFAULT_LEVEL;
  if (!(level > 0 && level < 1)) throw bad("report.levelBetween", { got: String(level) });
  const seed = options.seed ?? null;
  if (seed !== null && (seed === "" || seed.length > MAX_SEED_OPTION || seed.trim() !== seed))
    throw bad("report.seedOption", { max: String(MAX_SEED_OPTION) });
  const engine = options.engine ?? DEFAULT_ENGINE;
  if (engine !== 1 && engine !== 2) throw bad("report.engineOption", { got: String(engine) });
  return engine === 2 ? { baseline, replicates, level, seed, engine } : { baseline, replicates, level, seed };
}

function methodOf(kind: EvaluationReport["kind"], o: ResolvedEvaluationOptions, seeds: EvaluationMethod["seeds"]): EvaluationMethod {
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
function sharedMethodOf(kind: EvaluationReport["kind"], o: ResolvedEvaluationOptions, pairs: readonly PairKey[]): EvaluationMethod {
  const seed = reportSeed(o.seed);
  const v1 = methodOf(kind, o, []);
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
    const entry: DeltaEntry = {
      model: pair.model,
      scope: pair.scope,
      baseline: o.baseline,
      cases: 0,
      patients: 0,
      scopeAccuracy: null,
      baselineAccuracy: null,
      difference: null,
      pValue: null,
      note: null,
    };
    const base = pairs.find((p) => p.model === pair.model && p.scope === o.baseline);
    const [a, b] = base ? commonCases(pair.cases, base.cases) : [[], []];
    if (!base) entry.note = "noBaseline";
    else if (a.length === 0) entry.note = "noCommonCases";
    else {
      const r = pairedBootstrap(a, b, { seed: seedOf(pair), replicates: o.replicates, level: o.level });
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

/** The report, one bootstrap per step; each yield names the step just done. */
export function* evaluationSteps(
  dataset: EvalDataset,
  set: PredictionSetInput,
  options: EvaluationOptions = {},
): Generator<string, EvaluationReport> {
  const o = resolveEvaluationOptions(options, set.scopes);
  const kind = reportKind(dataset);
  const pairs = casesByPair(dataset, set);
  const seeds = new Map<PairCases, string>();
  for (const p of o.engine === 2 ? [] : pairs) {
    try {
      seeds.set(p, modelScopeSeed(p.model, p.scope, o.seed ?? undefined));
    } catch (error) {
      if (error instanceof SeedError) throw bad("report.seedTooLongPair", { model: p.model, scope: p.scope });
      throw error;
    }
  }
  const seedOf = (p: PairCases) => seeds.get(p) as string;
  const report: EvaluationReport = {
    reportVersion: EVALUATION_REPORT_VERSION,
    kind,
    dataset: {
      name: dataset.name,
      family: dataset.family,
      format: dataset.format,
      checksum: dataset.checksum,
      items: dataset.items.length,
      patients: dataset.patients,
    },
    predictions: { checksum: set.checksum, rows: set.rows.length, models: [...set.models], scopes: [...set.scopes] },
    options: o,
    method:
      o.engine === 2
        ? sharedMethodOf(kind, o, pairs)
        : methodOf(
            kind,
            o,
            pairs.map((p) => ({ model: p.model, scope: p.scope, seed: seedOf(p) })),
          ),
    accuracy: [],
    deltas: [],
    decisionPoints: [],
    chapters: [],
    levels: [],
    conversations: [],
  };
  if (o.engine === 2) yield* sharedSteps(dataset, pairs, o, report);
  else yield* independentSteps(pairs, o, report, seedOf);
  if (set.replies) report.replies = { format: set.replies.format, entries: replyEntries(set, set.replies) };
  return report;
}

/** Engine 1: every statistic of every pair resamples its own patients with its own seed and stream. */
function* independentSteps(
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

/**
 * Conversations with source turns are scored per QA; conversations that have none
 * (EHRNoteQA's single questions) per question, which a QA pairing would leave with no case.
 */
export function reportKind(dataset: EvalDataset): EvaluationKind {
  if (dataset.family !== "notes-chatqa") return "decision-points";
  return dataset.items.some((i) => i.kind === "conversation" && i.turns.some((t) => t.turnType === "source"))
    ? "conversations"
    : "single-turn";
}

/** Per model-scope pair (report order): its replies, and the ones that named no option. */
function replyEntries(set: PredictionSetInput, source: ReplySource): ReplyEntry[] {
  const out: ReplyEntry[] = [];
  for (const model of set.models) {
    for (const scope of set.scopes) {
      const rows = set.rows.filter((r) => r.model === model && r.scope === scope);
      if (rows.length === 0) continue;
      const cases = rows.filter((r) => r.option === null).map((r) => ({ itemId: r.itemId, turn: r.turn }));
      out.push({ model, scope, rule: source.rules[model] ?? "default", replies: rows.length, unparseable: cases.length, cases });
    }
  }
  return out;
}

export function buildEvaluationReport(dataset: EvalDataset, set: PredictionSetInput, options: EvaluationOptions = {}): EvaluationReport {
  const steps = evaluationSteps(dataset, set, options);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** The same report, awaiting `pause()` between bootstraps so a server stays responsive. */
export async function buildEvaluationReportAsync(
  dataset: EvalDataset,
  set: PredictionSetInput,
  options: EvaluationOptions,
  pause: () => Promise<void>,
): Promise<EvaluationReport> {
  const steps = evaluationSteps(dataset, set, options);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await pause();
  }
}
