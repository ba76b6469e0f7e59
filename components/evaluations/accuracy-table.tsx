/**
 * Accuracy of every model (rows) on every input scope (columns) as "estimate ± half-width" in
 * percentage points, with the percentile bounds and n under it: the numbers of the LaTeX table.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import { accuracyPm, boundsPp, findPair } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";
import { accuracyName, bootstrapName } from "./labels";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

export function AccuracyTable({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.accuracy");
  const l = useTranslations("evaluation.labels");
  const format = useFormatter();
  const { models, scopes } = report.predictions;
  return (
    <Card as="section">
      <Table
        variant="report"
        title={t("title", { what: accuracyName(l, report) })}
        note={t("note", { bootstrap: bootstrapName(l, report), unit: report.kind === "conversations" ? l("unitQas") : l("unitItems") })}
        data-testid="accuracy-table"
      >
        <thead>
          <tr>
            <th scope="col" className="text-left">
              {l("model")}
            </th>
            {scopes.map((s) => (
              <th key={s} scope="col" className="text-right">
                {s}
                {s === report.options.baseline && <span className="block font-normal">{l("baseline")}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m} className="border-t border-slate-100">
              <th scope="row" className="text-left font-medium">
                {m}
              </th>
              {scopes.map((s) => {
                const a = findPair(report.accuracy, m, s);
                return (
                  <td key={s} className="text-right tabular-nums" data-model={m} data-scope={s}>
                    {a ? (
                      <>
                        <span className="font-semibold" data-testid="accuracy-value">
                          {accuracyPm(a.accuracy)}
                        </span>
                        <span className="block text-xs text-slate-600">
                          {t("bounds", { bounds: boundsPp(a.accuracy), n: format.number(a.total) })}
                        </span>
                      </>
                    ) : (
                      <span className="text-slate-500">{t("noPredictions")}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
