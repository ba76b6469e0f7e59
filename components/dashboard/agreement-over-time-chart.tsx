/**
 * Agreement over time for one dimension (lib/reports/over-time.ts): each window's AC1 as a point
 * with its confidence whisker, left to right in the order the items got their last rating, the
 * whole-audit AC1 as a dashed line, guideline saves as vertical marks. Windows too small to judge
 * are hollow and labelled; a window without any disagreement says "total agreement". Every value
 * is also in the screen-reader table, with the window's dates and percent agreement.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import type { AgreementWindow, DimensionOverTime } from "@/lib/reports/over-time";
import { ChartFigure } from "../ui/chart-figure";
import { useReportFormat } from "./use-report-format";

const WIDTH = 720;
const HEIGHT = 200;
// The whole-audit line's label sits right of the plot, clear of the last whisker.
const PLOT = { x0: 56, x1: 610, y0: 20, y1: 160 };

export function AgreementOverTimeChart({
  label,
  overTime,
  confidenceLevel,
}: {
  label: string;
  overTime: DimensionOverTime;
  confidenceLevel: number;
}) {
  const t = useTranslations("dashboard.overTime");
  const format = useFormatter();
  const { fixed, percent, level: levelText, count } = useReportFormat();
  const { windows, drop } = overTime;
  const level = levelText(confidenceLevel);
  const heading = t("heading", { label });
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" });
  // 0…1 unless a value or a bound goes below 0: then the whole −1…1.
  const low = windows.some((w) => (w.gwetAc1.ciLower ?? w.gwetAc1.coeff ?? 0) < 0) || (drop.overall ?? 0) < 0 ? -1 : 0;
  const y = (v: number) => PLOT.y1 - ((Math.max(low, Math.min(1, v)) - low) / (1 - low)) * (PLOT.y1 - PLOT.y0);
  const step = (PLOT.x1 - PLOT.x0) / Math.max(1, windows.length);
  const x = (i: number) => PLOT.x0 + step * (i + 0.5);
  const statusText = (w: AgreementWindow) => (w.status === "ok" ? "" : t(`status.${w.status}`));
  const ciText = (w: AgreementWindow) => {
    if (w.status === "totalAgreement") return t("status.totalAgreement");
    const c = w.gwetAc1;
    return c.ciLower === null || c.ciUpper === null ? t("noCi") : t("ciRange", { lower: fixed(c.ciLower), upper: fixed(c.ciUpper) });
  };
  const summary =
    windows.length === 0
      ? t("empty")
      : t("summary", { level, count: windows.length, overall: fixed(drop.overall), edits: overTime.guidelineEdits.length });
  return (
    <ChartFigure
      {...{ heading, summary }}
      size={[WIDTH, HEIGHT]}
      drawn={windows.length > 0}
      testId={`over-time-${overTime.key}`}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t("window")}</th>
              <th scope="col">{t("ratedBetween")}</th>
              <th scope="col">{t("items")}</th>
              <th scope="col">AC1</th>
              <th scope="col">{t("ci", { level })}</th>
              <th scope="col">{t("percentAgreement")}</th>
            </tr>
          </thead>
          <tbody>
            {windows.map((w) => (
              <tr key={w.window}>
                <th scope="row">{w.window}</th>
                <td>{t("between", { from: when(w.from), to: when(w.to) })}</td>
                <td>{w.items}</td>
                <td>{w.status === "tooFew" ? t("status.tooFew") : fixed(w.gwetAc1.coeff)}</td>
                <td>{ciText(w)}</td>
                <td>{percent(w.percentAgreement.coeff)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
      srNote={
        overTime.guidelineEdits.length > 0 && (
          <ul>
            {overTime.guidelineEdits.map((e) => (
              <li key={e.at}>{t("editAt", { at: when(e.at), windows: e.afterWindows })}</li>
            ))}
          </ul>
        )
      }
    >
      <g className="fill-slate-500 text-[10px]">
        {/* The axis title above its top tick, not beside it ("AC1 1" read as one label). */}
        <text x={PLOT.x0 - 8} y={y(1) - 14} textAnchor="end" dominantBaseline="central" className="font-semibold">
          AC1
        </text>
        {(low < 0 ? [-1, 0, 1] : [0, 0.5, 1]).map((v) => (
          <text key={v} x={PLOT.x0 - 8} y={y(v)} textAnchor="end" dominantBaseline="central">
            {String(v).replace("-", "−")}
          </text>
        ))}
      </g>
      <line x1={PLOT.x0} x2={PLOT.x1} y1={y(0)} y2={y(0)} stroke="#e2e8f0" />
      {drop.overall !== null && (
        <g>
          <line x1={PLOT.x0} x2={PLOT.x1} y1={y(drop.overall)} y2={y(drop.overall)} stroke="#94a3b8" strokeDasharray="4 3" />
          <text x={PLOT.x1 + 6} y={y(drop.overall)} dominantBaseline="central" className="fill-slate-500 text-[10px]">
            {t("overallLine", { value: fixed(drop.overall) })}
          </text>
        </g>
      )}
      {overTime.guidelineEdits.map((e) => {
        const gx = PLOT.x0 + step * e.afterWindows;
        return (
          <g key={e.at}>
            <line x1={gx} x2={gx} y1={PLOT.y0 - 8} y2={PLOT.y1} stroke="#b45309" strokeDasharray="2 2" />
            <text x={gx + 3} y={PLOT.y0 - 10} className="fill-amber-800 text-[10px]">
              <title>{when(e.at)}</title>
              {t("edit")}
            </text>
          </g>
        );
      })}
      {windows.map((w, i) => {
        const c = w.gwetAc1;
        const judged = w.status !== "tooFew";
        return (
          <g key={w.window}>
            {c.coeff !== null && c.ciLower !== null && c.ciUpper !== null && judged && (
              <g stroke="#0f172a" strokeWidth="1.5">
                <line x1={x(i)} x2={x(i)} y1={y(c.ciLower)} y2={y(c.ciUpper)} />
                <line x1={x(i) - 5} x2={x(i) + 5} y1={y(c.ciLower)} y2={y(c.ciLower)} />
                <line x1={x(i) - 5} x2={x(i) + 5} y1={y(c.ciUpper)} y2={y(c.ciUpper)} />
              </g>
            )}
            {c.coeff !== null && (
              <circle
                cx={x(i)}
                cy={y(c.coeff)}
                r={4.5}
                fill={judged ? "#0f766e" : "#fff"}
                stroke={judged ? "#fff" : "#64748b"}
                strokeWidth="1.5"
              />
            )}
            <text x={x(i)} y={PLOT.y1 + 14} textAnchor="middle" className="fill-slate-800 text-[11px]">
              {c.coeff === null ? "—" : fixed(c.coeff)}
            </text>
            <text x={x(i)} y={PLOT.y1 + 27} textAnchor="middle" className="fill-slate-500 text-[10px]">
              {statusText(w) || `n = ${count(w.items)}`}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
