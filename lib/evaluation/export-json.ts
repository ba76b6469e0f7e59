/**
 * The evaluation report as JSON: the report object itself (key order as built, see
 * report-types.ts), 2-space indent, "\n" line endings, final newline, full-precision numbers
 * (JSON.stringify's shortest round-trip form). NaN, Infinity or undefined throw instead of
 * turning into null. Same report, same bytes.
 */
import { strictJson } from "@/lib/reports/export-json";
import type { EvaluationReport } from "./report-types";

export function evaluationJson(report: EvaluationReport): string {
  return strictJson(report);
}
