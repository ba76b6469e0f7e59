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
 * The statistics are computed by one of two engines: engine 2 (default) draws the patients
 * once for the whole report (shared-report.ts), engine 1 per statistic (independent-report.ts).
 *
 * `evaluationSteps` yields after each bootstrap (~0.1–0.3 s at 1,500 cases, B = 10,000), so a
 * server can let other requests run in between (`buildEvaluationReportAsync`).
 */
import { SeedError } from "@/lib/sampling/prng";
import { DEFAULT_LEVEL, DEFAULT_REPLICATES, modelScopeSeed } from "./bootstrap-settings";
import { type DomainCode, type DomainValues, domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import type { EvalDataset } from "./eval-dataset";
import { independentSteps } from "./independent-report";
import { casesByPair, type PairCases } from "./report-cases";
import { reportMethod, sharedReportMethod } from "./report-method";
import {
  EVALUATION_REPORT_VERSION,
  type EvaluationOptions,
  type EvaluationKind,
  type EvaluationReport,
  type PredictionSetInput,
  type ReplyEntry,
  type ReplySource,
  type ReportEngine,
  type ResolvedEvaluationOptions,
} from "./report-types";
import { sharedSteps } from "./shared-report";

export const MAX_REPORT_REPLICATES = 100_000;
const MAX_SEED_OPTION = 64;
/** Shared draws (engine 2); engine 1 stays available to reproduce reports made with it. */
export const DEFAULT_ENGINE: ReportEngine = 2;

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
        ? sharedReportMethod(kind, o, pairs)
        : reportMethod(
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
