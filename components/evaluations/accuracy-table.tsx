/**
 * Accuracy of every model (rows) on every input scope (columns) as "estimate ± half-width" in
 * percentage points, with the percentile bounds and n under it: the numbers of the LaTeX table.
 */
import { accuracyLabel, accuracyPm, bootstrapLabel, boundsPp, findPair, thousands } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";

export function AccuracyTable({ report }: { report: EvaluationReport }) {
  const { models, scopes } = report.predictions;
  const unit = report.kind === "conversations" ? "QAs" : "items";
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm text-slate-800" data-testid="accuracy-table">
          <caption className="mb-2 text-left">
            <span className="block text-sm font-semibold text-slate-900">{accuracyLabel(report)} by model and input scope (%)</span>
            <span className="block text-xs font-normal text-slate-600">
              Estimate ± half-width of the patient-clustered percentile bootstrap interval in percentage points ({bootstrapLabel(report)}); bounds and n ({unit}) below.
            </span>
          </caption>
          <thead className="border-b border-slate-300 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">Model</th>
              {scopes.map((s) => (
                <th key={s} scope="col" className="px-2 py-1 text-right">
                  {s}
                  {s === report.options.baseline && <span className="block font-normal">(baseline)</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {models.map((m) => (
              <tr key={m} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1.5 text-left font-medium">{m}</th>
                {scopes.map((s) => {
                  const a = findPair(report.accuracy, m, s);
                  return (
                    <td key={s} className="px-2 py-1.5 text-right tabular-nums" data-model={m} data-scope={s}>
                      {a ? (
                        <>
                          <span className="font-semibold" data-testid="accuracy-value">{accuracyPm(a.accuracy)}</span>
                          <span className="block text-xs text-slate-600">{boundsPp(a.accuracy)} · n = {thousands(a.total)}</span>
                        </>
                      ) : (
                        <span className="text-slate-500">no predictions</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
