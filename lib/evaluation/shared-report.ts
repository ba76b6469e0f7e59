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
import { conversationAccuracy } from "./conversation";
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import type { EvalDataset } from "./eval-dataset";
import { clusterByPatient, compareIds } from "./patient-clusters";
import type { PairCases } from "./report-cases";
import type { BreakdownEntry, BreakdownGroupEntry, EvaluationReport, ResolvedEvaluationOptions } from "./report-types";
import { ReplicateSums } from "./replicate-sums";
import { decisionPointsOf, deltaOf } from "./shared-comparisons";
import { interval, type Pending, ratios, remainder, type SumIds } from "./shared-intervals";
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

/** Placeholder of an interval not computed yet (replaced before the report is returned). */
const UNSET: PercentileInterval = { estimate: NaN, lower: NaN, upper: NaN, estimatePp: NaN, lowerPp: NaN, upperPp: NaN, halfWidthPp: NaN };

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
