/**
 * Each rater along their own queue (lib/reports/over-time.ts): per window of their rated items,
 * how often their answer matched the other raters' strict majority, beside the median active time
 * they spent per item there. A falling share with falling time can be fatigue; a falling share
 * alone can also be harder items late in the queue. Organizers and admins only (the page checks).
 */
import { useTranslations } from "@/lib/i18n/server";
import type { DimensionOverTime, RaterWindow } from "@/lib/reports/over-time";
import { inTimeUnit, timeUnit } from "@/lib/reports/time-on-task";
import { Card } from "../ui/card";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { useReportFormat } from "./use-report-format";

export function RaterFatigueTable({ label, overTime }: { label: string; overTime: DimensionOverTime }) {
  const t = useTranslations("dashboard.overTime");
  const { percent, count } = useReportFormat();
  const columns = Math.max(0, ...overTime.raters.map((r) => r.windows.length));
  const time = (m: number | null) => (m === null ? t("noTime") : t(`time.${timeUnit(m)}`, { value: inTimeUnit(m, timeUnit(m)) }));
  const cell = (w: RaterWindow | undefined) => {
    if (!w) return "";
    const counts = `(${count(w.agreeing)}/${count(w.compared)})`;
    return (
      <>
        <span className="block whitespace-nowrap">
          {w.status === "tooFew" ? `${t("status.tooFew")} ${counts}` : `${percent(w.share)} ${counts}`}
        </span>
        <span className="block whitespace-nowrap text-xs text-slate-500">
          {t("positions", { from: w.fromPosition, to: w.toPosition, time: time(w.medianMinutes) })}
        </span>
      </>
    );
  };
  const heading = t("raters.heading", { label });
  return (
    <Card as="section" aria-label={heading} data-testid={`rater-fatigue-${overTime.key}`}>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <p className="mb-2 max-w-3xl text-xs text-slate-600">{t("raters.lead")}</p>
      <Table framed={false} caption={heading}>
        <THead>
          <tr>
            <Th>{t("raters.rater")}</Th>
            {Array.from({ length: columns }, (_, i) => (
              <Th key={i}>{t("raters.window", { n: i + 1 })}</Th>
            ))}
          </tr>
        </THead>
        <TBody>
          {overTime.raters.map((r) => (
            <tr key={r.rater}>
              <Th scope="row">{r.rater}</Th>
              {Array.from({ length: columns }, (_, i) => (
                <Td key={i} className="tabular-nums">
                  {cell(r.windows[i])}
                </Td>
              ))}
            </tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
