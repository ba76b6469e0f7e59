/**
 * Groups cases by patient into typed arrays, the form every patient-clustered
 * bootstrap resamples: one (correct, total) pair per patient, nothing per case.
 */
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import type { EvalCase } from "./types";

export interface PatientClusters {
  /** Patient ids in code-unit order: fixing the order makes the draws independent of input order. */
  patientIds: string[];
  correct: Int32Array;
  total: Int32Array;
  correctCases: number;
  cases: number;
}

/** Code-unit comparison, never locale-dependent (the draw order must be portable). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Checks ids and flags; rejects empty input and duplicate case ids. */
export function validateCases(cases: readonly EvalCase[], what = "cases"): void {
  if (cases.length === 0) throw new EvaluationInputError("EMPTY_INPUT", said("report.noCases", { what }));
  const seen = new Set<string>();
  cases.forEach((c, i) => {
    if (typeof c.caseId !== "string" || c.caseId === "")
      throw new EvaluationInputError("INVALID_CASE", said("report.caseIdMissing", { what, index: String(i) }));
    if (typeof c.patientId !== "string" || c.patientId === "")
      throw new EvaluationInputError("INVALID_CASE", said("report.casePatientMissing", { what, index: String(i), case: c.caseId }));
    if (typeof c.correct !== "boolean")
      throw new EvaluationInputError("INVALID_CASE", said("report.caseCorrect", { what, index: String(i), case: c.caseId }));
    if (seen.has(c.caseId)) throw new EvaluationInputError("DUPLICATE_CASE", said("report.caseTwice", { what, case: c.caseId }));
    seen.add(c.caseId);
  });
}

export function clusterByPatient(cases: readonly EvalCase[], what = "cases"): PatientClusters {
  validateCases(cases, what);
  const byPatient = new Map<string, { correct: number; total: number }>();
  let correctCases = 0;
  for (const c of cases) {
    let p = byPatient.get(c.patientId);
    if (!p) {
      p = { correct: 0, total: 0 };
      byPatient.set(c.patientId, p);
    }
    p.total += 1;
    if (c.correct) {
      p.correct += 1;
      correctCases += 1;
    }
  }
  const patientIds = [...byPatient.keys()].sort(compareIds);
  const correct = new Int32Array(patientIds.length);
  const total = new Int32Array(patientIds.length);
  patientIds.forEach((id, i) => {
    const p = byPatient.get(id) as { correct: number; total: number };
    correct[i] = p.correct;
    total[i] = p.total;
  });
  return { patientIds, correct, total, correctCases, cases: cases.length };
}
