/**
 * Reply files only: per model and scope, how many raw replies were read, which letter rule
 * read them, and every reply that named no option (scored wrong), by item and turn.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import type { EvaluationReport } from "@/lib/evaluation/report-types";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

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
      <Table variant="report" className="mt-2" data-testid="replies-table">
        <thead>
          <tr>
            <th scope="col" className="text-left">
              {t("model")}
            </th>
            <th scope="col" className="text-left">
              {t("scope")}
            </th>
            <th scope="col" className="text-left">
              {t("rule")}
            </th>
            <th scope="col" className="text-right">
              {t("replies")}
            </th>
            <th scope="col" className="text-right">
              {t("unparseable")}
            </th>
            <th scope="col" className="text-left">
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
              <th scope="row" className="text-left font-medium">
                {e.model}
              </th>
              <td>{e.scope}</td>
              <td>{e.rule}</td>
              <td className="text-right tabular-nums">{format.number(e.replies)}</td>
              <td className="text-right tabular-nums" data-testid="unparseable-count">
                {format.number(e.unparseable)}
              </td>
              <td className="text-xs" data-testid="unparseable-items">
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
      </Table>
    </Card>
  );
}
