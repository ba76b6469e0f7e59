/**
 * Accuracy of every model (rows) on every input scope (columns) as "estimate ± half-width" in
 * percentage points, with the percentile bounds and n under it: the numbers of the LaTeX table.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import { accuracyPm, boundsPp, findPair } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";
import { accuracyName, bootstrapName } from "./labels";
import { Card } from "../ui/card";

export function AccuracyTable({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.accuracy");
  const l = useTranslations("evaluation.labels");
  const format = useFormatter();
  const { models, scopes } = report.predictions;
  return (
    <Card as="section">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm text-slate-800" data-testid="accuracy-table">
          <caption className="mb-2 text-left">
            <span className="block text-sm font-semibold text-slate-900">{t("title", { what: accuracyName(l, report) })}</span>
            <span className="block text-xs font-normal text-slate-600">
              {t("note", { bootstrap: bootstrapName(l, report), unit: report.kind === "conversations" ? l("unitQas") : l("unitItems") })}
            </span>
          </caption>
          <thead className="border-b border-slate-300 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                {l("model")}
              </th>
              {scopes.map((s) => (
                <th key={s} scope="col" className="px-2 py-1 text-right">
                  {s}
                  {s === report.options.baseline && <span className="block font-normal">{l("baseline")}</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {models.map((m) => (
              <tr key={m} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1.5 text-left font-medium">
                  {m}
                </th>
                {scopes.map((s) => {
                  const a = findPair(report.accuracy, m, s);
                  return (
                    <td key={s} className="px-2 py-1.5 text-right tabular-nums" data-model={m} data-scope={s}>
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
        </table>
      </div>
    </Card>
  );
}
