/** Plain accuracy of one model on one scope: counts, the ratio and the patient count. */
import { validateCases } from "./patient-clusters";
import type { Counts, EvalCase } from "./types";

export interface AccuracySummary {
  correct: number;
  incorrect: number;
  total: number;
  /** correct / total; never null here because empty input is an error. */
  accuracy: number;
  accuracyPp: number;
  patients: number;
}

export function accuracy(cases: readonly EvalCase[]): AccuracySummary {
  validateCases(cases);
  let correct = 0;
  const patients = new Set<string>();
  for (const c of cases) {
    if (c.correct) correct += 1;
    patients.add(c.patientId);
  }
  const total = cases.length;
  return {
    correct,
    incorrect: total - correct,
    total,
    accuracy: correct / total,
    accuracyPp: (correct / total) * 100,
    patients: patients.size,
  };
}

/** Counts for a subgroup that may be empty: accuracy is null then, never NaN. */
export function counts(correct: number, total: number): Counts {
  return { correct, total, accuracy: total === 0 ? null : correct / total };
}
