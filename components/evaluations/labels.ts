// Translated names shared by the evaluation tables and plots (the exports stay in English).
import type { useTranslations } from "@/lib/i18n/server";
import { levelPercent, thousands } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";

export type LabelsT = ReturnType<typeof useTranslations<"evaluation.labels">>;

/** "Accuracy" for decision points, "Paired QA accuracy" for conversations. */
export function accuracyName(t: LabelsT, report: EvaluationReport): string {
  return report.kind === "conversations" ? t("pairedQa") : t("accuracy");
}

/** "B = 10,000, 95% CI" (numbers as in the exports). */
export function bootstrapName(t: LabelsT, report: EvaluationReport): string {
  return t("bootstrap", { replicates: thousands(report.options.replicates), level: levelPercent(report.options.level) });
}
