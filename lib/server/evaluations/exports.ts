// The evaluation downloads: each a pure function of the report (the JSON is the stored text).
import { evaluationCsv } from "../../evaluation/export-csv";
import { evaluationLatex } from "../../evaluation/export-latex";
import type { ComputedEvaluation } from "./report";

/** `key` names the link's label in the evaluation.report.options messages. */
export const EVALUATION_EXPORTS = [
  { file: "evaluation.json", key: "json", type: "application/json; charset=utf-8" },
  { file: "evaluation.csv", key: "csv", type: "text/csv; charset=utf-8" },
  { file: "evaluation.tex", key: "tex", type: "application/x-tex; charset=utf-8" },
] as const;

export function renderEvaluationExport(computed: ComputedEvaluation, file: string): string {
  if (file === "evaluation.csv") return evaluationCsv(computed.report);
  if (file === "evaluation.tex") return evaluationLatex(computed.report);
  return computed.json;
}
