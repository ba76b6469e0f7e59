/**
 * Majority-vote outcome of one dimension: items per category (ties counted under the tie category,
 * and listed again as a "ties" line so the rule is visible), shares of the rated items, and the two
 * consensus shares clinicians read directly (at least two agree, all agree).
 */
import { useTranslations } from "@/lib/i18n/client";
import { categoryLabel } from "@/lib/reports/labels";
import type { AgreementView } from "@/lib/reports/types";
import { useReportFormat } from "./use-report-format";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

const NUM = "text-right tabular-nums";

/** What "no strict majority" means for this many raters, for the tie-rule sentence. */
const tieExample = (raters: number) => (raters === 2 ? "two" : raters === 3 ? "three" : "other");

export function MajoritySummary({ dimension, title }: { dimension: AgreementView; title?: string }) {
  const t = useTranslations("dashboard.majority");
  const f = useReportFormat();
  const a = dimension.agreement;
  const total = a.items.total;
  const share = (n: number) => f.percent(total === 0 ? null : n / total);
  const tie = categoryLabel(dimension, dimension.tieCategory);
  // Without a tie category (a file read by the agreement tool may have none: "") a tie has no label.
  const counted = dimension.tieCategory === "" ? "no" : "yes";
  const heading = title ?? t("heading", { label: dimension.label });
  return (
    <Card as="section">
      <Table
        variant="report"
        scroll={false}
        title={heading}
        note={
          total === 0
            ? t("none")
            : t("summary", { count: total, tie: t(`tieExample.${tieExample(a.raters.total)}`), category: tie, counted })
        }
      >
        <thead>
          <tr>
            <th scope="col" className="text-left">
              {t("category")}
            </th>
            <th scope="col" className={NUM}>
              {t("items")}
            </th>
            <th scope="col" className={NUM}>
              {t("share")}
            </th>
          </tr>
        </thead>
        <tbody>
          {a.majority.counts.map((c) => (
            <tr key={c.category} className="border-t border-slate-100">
              <th scope="row" className="text-left font-normal">
                {categoryLabel(dimension, c.category)}
              </th>
              <td className={NUM}>{c.count}</td>
              <td className={NUM}>{share(c.count)}</td>
            </tr>
          ))}
          <tr className="border-t border-slate-300 italic text-slate-600">
            <th scope="row" className="text-left font-normal">
              {t("ties", { category: tie, counted })}
            </th>
            <td className={NUM}>{a.majority.ties}</td>
            <td className={NUM}>{share(a.majority.ties)}</td>
          </tr>
        </tbody>
      </Table>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div className="rounded bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{t("atLeastTwo")}</dt>
          <dd className="text-lg font-semibold tabular-nums">{f.percent(a.shares.atLeastTwoAgree)}</dd>
        </div>
        <div className="rounded bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{t("all")}</dt>
          <dd className="text-lg font-semibold tabular-nums">{f.percent(a.shares.allAgree)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-500">
        {a.shares.itemsConsidered === 0 ? t("noneConsidered") : t("considered", { count: a.shares.itemsConsidered })}
      </p>
    </Card>
  );
}
