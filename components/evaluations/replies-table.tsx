/**
 * Reply files only: per model and scope, how many raw replies were read, which letter rule
 * read them, and every reply that named no option (scored wrong), by item and turn.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import type { EvaluationReport } from "@/lib/evaluation/report-types";
import { Card } from "../ui/card";

const SHOWN = 50;

export function RepliesTable({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.replies");
  const format = useFormatter();
  if (!report.replies) return null;
  return (
    <Card as="section" aria-labelledby="replies-heading">
      <h2 id="replies-heading" className="text-sm font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <p className="mt-1 text-xs text-slate-600">{t("note", { format: report.replies.format })}</p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full border-collapse text-sm text-slate-800" data-testid="replies-table">
          <thead className="border-b border-slate-300 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                {t("model")}
              </th>
              <th scope="col" className="px-2 py-1 text-left">
                {t("scope")}
              </th>
              <th scope="col" className="px-2 py-1 text-left">
                {t("rule")}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                {t("replies")}
              </th>
              <th scope="col" className="px-2 py-1 text-right">
                {t("unparseable")}
              </th>
              <th scope="col" className="px-2 py-1 text-left">
                {t("items")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.replies.entries.map((e) => (
              <tr
                key={`${e.model}\u0000${e.scope}`}
                className="border-t border-slate-100 align-top"
                data-model={e.model}
                data-scope={e.scope}
              >
                <th scope="row" className="px-2 py-1.5 text-left font-medium">
                  {e.model}
                </th>
                <td className="px-2 py-1.5">{e.scope}</td>
                <td className="px-2 py-1.5">{e.rule}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{format.number(e.replies)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums" data-testid="unparseable-count">
                  {format.number(e.unparseable)}
                </td>
                <td className="px-2 py-1.5 text-xs" data-testid="unparseable-items">
                  {e.cases.length === 0
                    ? t("none")
                    : e.cases
                        .slice(0, SHOWN)
                        .map((c) => t("turn", { item: c.itemId, turn: c.turn }))
                        .join(" · ")}
                  {e.cases.length > SHOWN && ` ${t("more", { count: format.number(e.cases.length - SHOWN) })}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
