/**
 * Engine 2's comparisons (shared-report.ts): scope − baseline and DP2+ − DP1, each the
 * difference of two accuracies within one replicate of the shared draws (an exact pairing).
 * Replicates where one side drew no case are left out and counted in `degenerateReplicates`.
 */
import { splitDecisionPoints } from "./decision-points";
import { pairByPatient } from "./paired-bootstrap";
import { baselineComparison, type PairCases } from "./report-cases";
import type { DecisionPointEntry, DeltaEntry, ResolvedEvaluationOptions } from "./report-types";
import type { ReplicateSums } from "./replicate-sums";
import { type ColumnOf, interval, type Pending, remainder, type SumIds } from "./shared-intervals";

type Sums = { correct: number; total: number };

const sum = (x: Int32Array) => x.reduce((s, v) => s + v, 0);

/** `pair` − the same model's baseline scope on the cases both predicted; its interval once the draws have run. */
export function deltaOf(
  pair: PairCases,
  pairs: readonly PairCases[],
  o: ResolvedEvaluationOptions,
  column: ColumnOf,
  sums: ReplicateSums,
  pending: Pending[],
): DeltaEntry {
  const { entry, common } = baselineComparison(pair, pairs, o.baseline);
  if (!common) return entry;
  const paired = pairByPatient(common[0], common[1]);
  const ids = {
    scope: column(paired.patientIds, paired.scopeCorrect, "all"),
    base: column(paired.patientIds, paired.baselineCorrect, "all"),
    total: column(paired.patientIds, paired.total, "all"),
  };
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

/** DP2+ − DP1 of `pair`; DP1's sums are the pair's (`all`) minus DP2+'s. */
export function decisionPointsOf(
  pair: PairCases,
  all: SumIds,
  column: ColumnOf,
  sums: ReplicateSums,
  pending: Pending[],
  level: number,
): DecisionPointEntry {
  const s = splitDecisionPoints(pair.cases);
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
