/**
 * How each rater used the categories of one dimension: one stacked horizontal bar per rater, bar
 * length proportional to the rater's number of ratings, segments patterned per category, counts
 * printed in the segments that fit them and in full in a visually-hidden table. A rater who leans
 * on one category shows up at a glance — the usual reason AC1 and kappa part ways.
 */
import { useTranslations } from "@/lib/i18n/server";
import { categoryLabel } from "@/lib/reports/labels";
import type { ShownDimension } from "@/lib/reports/types";
import { CategoryLegend, CategoryPatternDefs, patternFill } from "./category-patterns";
import { ChartFigure, useChartId } from "../ui/chart-figure";

const WIDTH = 640;
const LABEL = 72;
const BAR = 480;
const ROW = 30;
const BAR_HEIGHT = 20;
/** Segments narrower than this get no in-bar count (it would not fit); the table has them all. */
const MIN_TEXT_WIDTH = 22;

export function CategoryDistributionChart({ dimension, title }: { dimension: ShownDimension; title?: string }) {
  const t = useTranslations("dashboard.distribution");
  const prefix = useChartId();
  const heading = title ?? t("heading", { label: dimension.label });
  const labels = dimension.categories.map((c) => c.label);
  const rows = dimension.raterDistribution;
  const max = Math.max(0, ...rows.map((r) => r.total));
  const totalRatings = rows.reduce((s, r) => s + r.total, 0);
  const summary =
    rows.length === 0
      ? t("noRaters")
      : t("summary", { ratings: totalRatings, active: rows.filter((r) => r.total > 0).length, raters: rows.length });
  const height = Math.max(1, rows.length) * ROW + 8;
  return (
    <ChartFigure
      {...{ prefix, heading, summary }}
      size={[WIDTH, height]}
      drawn={rows.length > 0}
      after={rows.length > 0 && <CategoryLegend prefix={prefix} labels={labels} />}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t("rater")}</th>
              {labels.map((l) => (
                <th key={l} scope="col">
                  {l}
                </th>
              ))}
              <th scope="col">{t("total")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.rater}>
                <th scope="row">{r.rater}</th>
                {r.counts.map((c) => (
                  <td key={c.category}>{c.count}</td>
                ))}
                <td>{r.total}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <CategoryPatternDefs prefix={prefix} />
      {rows.map((r, i) => {
        const y = i * ROW + 4;
        let x = LABEL;
        return (
          <g key={r.rater}>
            <text x={LABEL - 8} y={y + BAR_HEIGHT / 2} textAnchor="end" dominantBaseline="central" className="fill-slate-800 text-[12px]">
              {r.rater}
            </text>
            {r.total === 0 && (
              <text x={LABEL} y={y + BAR_HEIGHT / 2} dominantBaseline="central" className="fill-slate-500 text-[12px]">
                {t("noRatings")}
              </text>
            )}
            {r.counts.map((c, k) => {
              if (c.count === 0 || max === 0) return null;
              const w = (BAR * c.count) / max;
              const seg = (
                <g key={c.category}>
                  <rect x={x} y={y} width={w} height={BAR_HEIGHT} fill={patternFill(prefix, k)} stroke="#fff" strokeWidth="1">
                    <title>{t("segment", { rater: r.rater, count: c.count, category: categoryLabel(dimension, c.category) })}</title>
                  </rect>
                  {w >= MIN_TEXT_WIDTH && (
                    <text
                      x={x + w / 2}
                      y={y + BAR_HEIGHT / 2}
                      textAnchor="middle"
                      dominantBaseline="central"
                      className="fill-slate-900 text-[11px] font-semibold"
                      stroke="#fff"
                      strokeWidth="3"
                      paintOrder="stroke"
                    >
                      {c.count}
                    </text>
                  )}
                </g>
              );
              x += w;
              return seg;
            })}
            {r.total > 0 && (
              <text x={x + 6} y={y + BAR_HEIGHT / 2} dominantBaseline="central" className="fill-slate-600 text-[11px]">
                {`n = ${r.total}`}
              </text>
            )}
          </g>
        );
      })}
    </ChartFigure>
  );
}
