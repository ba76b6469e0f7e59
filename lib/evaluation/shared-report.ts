/**
 * Report engine 2: every statistic of the report from ONE set of patient draws (common
 * random numbers). Replicate b draws P patients with replacement from the dataset's P
 * patients (those with at least one item, in patientId code-unit order; PRNG spec v2, one
 * seed and stream for the report) and every model × scope pair, every breakdown group and
 * every comparison takes its cases from those same drawn patients:
 *   - accuracy of a pair (or a group) = Σ correct / Σ cases over the drawn patients' cases
 *     of that pair (group); a replicate that drew none of its patients has no value and is
 *     counted in `degenerateReplicates` (only possible when the pair or group covers part
 *     of the patients: the bootstrap of a domain, whose size varies between replicates);
 *   - scope − baseline: the two accuracies of the same replicate on the cases both
 *     predicted, an exact pairing; DP2+ − DP1 likewise within a pair.
 * The patients drawn do not depend on the predictions, so adding a model or a scope leaves
 * every other number unchanged, as in engine 1.
 */
import { canonicalSeed } from "@/lib/sampling/prng";
import { percentileInterval } from "./bootstrap-settings";
import { conversationAccuracy } from "./conversation";
import { splitDecisionPoints } from "./decision-points";
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import type { EvalDataset } from "./eval-dataset";
import { pairByPatient } from "./paired-bootstrap";
import { clusterByPatient, compareIds } from "./patient-clusters";
import { commonCases, type PairCases } from "./report-cases";
import type {
  BreakdownEntry,
  BreakdownGroupEntry,
  DecisionPointEntry,
  DeltaEntry,
  EvaluationReport,
  ResolvedEvaluationOptions,
} from "./report-types";
import { ReplicateSums } from "./replicate-sums";
import type { EvalCase, PercentileInterval } from "./types";

export const SHARED_DRAWS_STREAM = "eval/shared-draws";
/** Replicates per yield of `sharedSteps` (a server lets other requests run in between). */
const CHUNK = 1000;

/** The report's one seed: "clinaudit-eval/v2 " + JSON of [] or [seed option]. */
export function reportSeed(seed: string | null): string {
  return canonicalSeed(`clinaudit-eval/v2 ${JSON.stringify(seed === null ? [] : [seed])}`);
}

/** The dataset's patients (with at least one item) in code-unit order: the draws' universe. */
export function reportPatients(dataset: EvalDataset): string[] {
  return [...new Set(dataset.items.map((i) => i.patientId))].sort(compareIds);
}

type Sums = { correct: number; total: number };
/** Column ids of a (correct, total) pair of per-patient columns. */
type SumIds = { correct: number; total: number };

/** Replicate sums of `all` minus those of every `others` entry: [correct, total]. */
function remainder(sums: ReplicateSums, r: { all: SumIds; others: SumIds[] }): [Int32Array, Int32Array] {
  const correct = Int32Array.from(sums.sums(r.all.correct));
  const total = Int32Array.from(sums.sums(r.all.total));
  for (const o of r.others) {
    const c = sums.sums(o.correct);
    const t = sums.sums(o.total);
    for (let i = 0; i < correct.length; i++) {
      correct[i] = (correct[i] as number) - (c[i] as number);
      total[i] = (total[i] as number) - (t[i] as number);
    }
  }
  return [correct, total];
}

/** Placeholder of an interval not computed yet (replaced before the report is returned). */
const UNSET: PercentileInterval = { estimate: NaN, lower: NaN, upper: NaN, estimatePp: NaN, lowerPp: NaN, upperPp: NaN, halfWidthPp: NaN };

/** A statistic whose replicates are computed once the draws have run. */
interface Pending {
  finish(): void;
}

/**
 * Fills `report` (its accuracy, deltas, decisionPoints, chapters, levels, conversations);
 * yields every CHUNK replicates.
 */
export function* sharedSteps(
  dataset: EvalDataset,
  pairs: readonly PairCases[],
  o: ResolvedEvaluationOptions,
  report: EvaluationReport,
): Generator<string, void> {
  const patients = reportPatients(dataset);
  const index = new Map(patients.map((id, i) => [id, i]));
  const sums = new ReplicateSums(patients.length);
  const pending: Pending[] = [];

  /** A per-patient column of the universe from ids and values of a clustering. */
  const column = (ids: readonly string[], values: Int32Array, group: string): number => {
    const out = new Int32Array(patients.length);
    ids.forEach((id, i) => {
      const p = index.get(id);
      if (p === undefined) throw new EvaluationInputError("INVALID_CASE", said("report.notAPatient", { patient: id }));
      out[p] = values[i] as number;
    });
    return sums.column(out, group);
  };

  /**
   * `head` followed by the counts of some cases and their accuracy interval (filled in once
   * the draws have run: the object is returned now and completed in place). With `rest`,
   * the cases are what is left of `rest.all` after the `rest.others` groups: their sums are
   * derived by subtraction (exact integers) instead of registering two more columns.
   */
  const accuracyOf = <H extends object>(
    head: H,
    cases: readonly EvalCase[],
    group: string,
    what?: string,
    rest?: { all: SumIds; others: SumIds[] },
  ) => {
    const c = clusterByPatient(cases, what);
    const ids: SumIds | null = rest
      ? null
      : { correct: column(c.patientIds, c.correct, group), total: column(c.patientIds, c.total, group) };
    const out = {
      ...head,
      correct: c.correctCases,
      total: c.cases,
      patients: c.patientIds.length,
      accuracy: UNSET,
      degenerateReplicates: 0,
    };
    pending.push({
      finish() {
        const [correct, total] = ids
          ? [sums.sums(ids.correct), sums.sums(ids.total)]
          : remainder(sums, rest as { all: SumIds; others: SumIds[] });
        const r = ratios(correct, total);
        out.accuracy = interval(c.correctCases / c.cases, r.values, o.level, group);
        out.degenerateReplicates = r.degenerate;
      },
    });
    return { entry: out, ids };
  };

  const breakdownOf = (pair: PairCases, dimension: "chapter" | "level", all: SumIds): BreakdownEntry => {
    const groups = new Map<string, EvalCase[]>();
    let missing = 0;
    for (const c of pair.cases) {
      const value = c[dimension];
      if (typeof value !== "string" || value === "") missing += 1;
      else {
        const list = groups.get(value);
        if (list) list.push(c);
        else groups.set(value, [c]);
      }
    }
    const values = [...groups.keys()].sort(compareIds);
    // When the groups partition the pair's cases, the largest is derived from the others.
    const largest =
      missing === 0 && values.length >= 2
        ? values.reduce((a, v) => ((groups.get(v) as EvalCase[]).length > (groups.get(a) as EvalCase[]).length ? v : a))
        : null;
    const others: SumIds[] = [];
    const entries = new Map<string, BreakdownGroupEntry>();
    for (const value of values) {
      if (value === largest) continue;
      const { entry, ids } = accuracyOf({ value }, groups.get(value) as EvalCase[], `${dimension}=${JSON.stringify(value)}`);
      others.push(ids as SumIds);
      entries.set(value, entry);
    }
    if (largest !== null)
      entries.set(
        largest,
        accuracyOf({ value: largest }, groups.get(largest) as EvalCase[], `${dimension}=${JSON.stringify(largest)}`, undefined, {
          all,
          others,
        }).entry,
      );
    return { model: pair.model, scope: pair.scope, groups: values.map((v) => entries.get(v) as BreakdownGroupEntry), missing };
  };

  for (const pair of pairs) {
    const { entry: acc, ids } = accuracyOf({ model: pair.model, scope: pair.scope }, pair.cases, "all");
    const all = ids as SumIds;
    report.accuracy.push(acc);
    if (report.kind === "decision-points") {
      report.decisionPoints.push(decisionPointsOf(pair, all, column, sums, pending, o.level));
      report.levels.push(breakdownOf(pair, "level", all));
    } else if (report.kind === "conversations") {
      const content = accuracyOf({}, pair.content, "all", "content cases").entry;
      const source = accuracyOf({}, pair.source, "all", "source cases").entry;
      const entry = {
        model: pair.model,
        scope: pair.scope,
        ...conversationAccuracy(pair.turns),
        intervals: { content: content.accuracy, source: source.accuracy, paired: acc.accuracy },
      };
      pending.push({
        finish: () => Object.assign(entry.intervals, { content: content.accuracy, source: source.accuracy, paired: acc.accuracy }),
      });
      report.conversations.push(entry);
    }
    report.chapters.push(breakdownOf(pair, "chapter", all));
  }
  for (const pair of pairs) {
    if (pair.scope === o.baseline) continue;
    report.deltas.push(deltaOf(pair, pairs, o, column, sums, pending));
  }

  const seed = reportSeed(o.seed);
  const run = sums.run({ replicates: o.replicates, seed, stream: SHARED_DRAWS_STREAM }, CHUNK);
  for (let r = run.next(); !r.done; r = run.next()) yield `draws ${r.value} of ${o.replicates}`;
  for (const p of pending) p.finish();
}

type ColumnOf = (ids: readonly string[], values: Int32Array, group: string) => number;

function deltaOf(
  pair: PairCases,
  pairs: readonly PairCases[],
  o: ResolvedEvaluationOptions,
  column: ColumnOf,
  sums: ReplicateSums,
  pending: Pending[],
): DeltaEntry {
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
  if (!base) return { ...entry, note: "noBaseline" };
  if (a.length === 0) return { ...entry, note: "noCommonCases" };
  const paired = pairByPatient(a, b);
  const ids = {
    scope: column(paired.patientIds, paired.scopeCorrect, "all"),
    base: column(paired.patientIds, paired.baselineCorrect, "all"),
    total: column(paired.patientIds, paired.total, "all"),
  };
  const sum = (x: Int32Array) => x.reduce((s, v) => s + v, 0);
  const cases = sum(paired.total);
  const [sA, sB] = [sum(paired.scopeCorrect), sum(paired.baselineCorrect)];
  Object.assign(entry, { cases, patients: paired.patientIds.length, scopeAccuracy: sA / cases, baselineAccuracy: sB / cases });
  const out = entry as DeltaEntry & { degenerateReplicates: number };
  pending.push({
    finish() {
      const s = sums.sums(ids.scope);
      const bs = sums.sums(ids.base);
      const t = sums.sums(ids.total);
      const values = new Float64Array(t.length);
      let degenerate = 0;
      let atMostZero = 0;
      for (let i = 0; i < t.length; i++) {
        const ti = t[i] as number;
        if (ti === 0) {
          values[i] = NaN;
          degenerate++;
          continue;
        }
        values[i] = ((s[i] as number) - (bs[i] as number)) / ti;
        if ((values[i] as number) <= 0) atMostZero++;
      }
      out.difference = interval((sA - sB) / cases, values, o.level, `${pair.scope} − ${o.baseline}`);
      out.pValue = atMostZero / (t.length - degenerate);
      out.degenerateReplicates = degenerate;
    },
  });
  return out;
}

function decisionPointsOf(
  pair: PairCases,
  all: SumIds,
  column: ColumnOf,
  sums: ReplicateSums,
  pending: Pending[],
  level: number,
): DecisionPointEntry {
  const s = splitDecisionPoints(pair.cases);
  const sum = (x: Int32Array) => x.reduce((a, v) => a + v, 0);
  const first: Sums = { correct: sum(s.firstCorrect), total: sum(s.firstTotal) };
  const later: Sums = { correct: sum(s.laterCorrect), total: sum(s.laterTotal) };
  const entry: DecisionPointEntry = {
    model: pair.model,
    scope: pair.scope,
    first: { ...first, accuracy: first.correct / first.total },
    later: { ...later, accuracy: later.total === 0 ? null : later.correct / later.total },
    patients: s.patientIds.length,
    patientsWithLater: s.laterTotal.reduce((x, v) => x + (v > 0 ? 1 : 0), 0),
    difference: null,
    pValue: null,
    degenerateReplicates: 0,
    note: null,
  };
  if (later.total === 0) return { ...entry, note: "noLater" };
  // DP1 = all cases of the pair minus DP2+: only DP2+ needs columns of its own.
  const laterIds: SumIds = {
    correct: column(s.patientIds, s.laterCorrect, "dp=later"),
    total: column(s.patientIds, s.laterTotal, "dp=later"),
  };
  pending.push({
    finish() {
      const [c1, t1] = remainder(sums, { all, others: [laterIds] });
      const [c2, t2] = [sums.sums(laterIds.correct), sums.sums(laterIds.total)];
      const values = new Float64Array(t1.length);
      let degenerate = 0;
      let laterNotLower = 0;
      for (let i = 0; i < values.length; i++) {
        if (t1[i] === 0 || t2[i] === 0) {
          values[i] = NaN;
          degenerate++;
          continue;
        }
        const d = (c2[i] as number) / (t2[i] as number) - (c1[i] as number) / (t1[i] as number);
        values[i] = d;
        if (d >= 0) laterNotLower++;
      }
      entry.difference = interval(later.correct / later.total - first.correct / first.total, values, level, "DP2+ − DP1");
      entry.pValue = laterNotLower / (values.length - degenerate);
      entry.degenerateReplicates = degenerate;
    },
  });
  return entry;
}

function ratios(correct: Int32Array, total: Int32Array): { values: Float64Array; degenerate: number } {
  const values = new Float64Array(total.length);
  let degenerate = 0;
  for (let i = 0; i < total.length; i++) {
    const t = total[i] as number;
    if (t === 0) degenerate++;
    values[i] = t === 0 ? NaN : (correct[i] as number) / t;
  }
  return { values, degenerate };
}

/** `what`: the group, or null for the cases as a whole. */
function interval(estimate: number, replicates: Float64Array, level: number, what: string | null): PercentileInterval {
  if (replicates.every(Number.isNaN))
    throw new EvaluationInputError(
      "NOTHING_TO_COMPARE",
      what === null ? said("report.noReplicateDrewCases") : said("report.noReplicateDrew", { what }),
    );
  return percentileInterval(estimate, replicates, level);
}

/**
 * One patient-clustered bootstrap of accuracy the engine-2 way (spec v2 draws, packed
 * sums) over the cases' own patients: what engine 2 computes for one pair whose cases
 * cover every patient. Used by the bench and for one-off intervals.
 */
export function sharedClusterBootstrap(
  cases: readonly EvalCase[],
  options: { seed: string; replicates: number; level: number; stream?: string },
): { accuracy: PercentileInterval; replicates: Float64Array } {
  const c = clusterByPatient(cases);
  const sums = new ReplicateSums(c.patientIds.length);
  const ids = { correct: sums.column(c.correct, "all"), total: sums.column(c.total, "all") };
  const run = sums.run(
    { replicates: options.replicates, seed: canonicalSeed(options.seed), stream: options.stream ?? SHARED_DRAWS_STREAM },
    options.replicates,
  );
  while (!run.next().done);
  const r = ratios(sums.sums(ids.correct), sums.sums(ids.total));
  return { accuracy: interval(c.correctCases / c.cases, r.values, options.level, null), replicates: r.values };
}
