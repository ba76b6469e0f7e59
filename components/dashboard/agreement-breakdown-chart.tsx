/**
 * Agreement per chapter or per level: Gwet's AC1 as a point with its confidence-interval whisker on
 * a fixed −1…1 axis (so charts compare across dimensions), and the share of items where at least two
 * raters agree as a bar on 0…100%. Every value and each group's n are printed as text; small groups
 * give wide whiskers, which is the point of showing them. Subgroup intervals carry no finite-
 * population correction (see lib/reports/compute.ts), so they are conservative.
 */
import { useTranslations } from "@/lib/i18n/server";
import type { ShownDimension, GroupAgreement } from "@/lib/reports/types";
import { useReportFormat } from "./use-report-format";
import { ChartFigure } from "../ui/chart-figure";

const WIDTH = 640;
const ROW = 32;
const TOP = 26;
const AC1 = { x0: 200, x1: 420 };
const SHARE = { x0: 450, x1: 580 };

/** Long chapter names would run into the AC1 column; the full name stays in the tooltip and the table. */
function short(s: string, max = 24): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

const ac1X = (v: number) => AC1.x0 + ((Math.max(-1, Math.min(1, v)) + 1) / 2) * (AC1.x1 - AC1.x0);

export function AgreementBreakdownChart({ dimension, by, title }: { dimension: ShownDimension; by: "chapter" | "level"; title?: string }) {
  const t = useTranslations("dashboard.breakdown");
  const { fixed, percent, level: levelText } = useReportFormat();
  const groups = by === "chapter" ? dimension.byChapter : dimension.byLevel;
  const name = t(`group.${by}`);
  const level = levelText(dimension.agreement.options.confidenceLevel);
  const heading = title ?? t(`heading.${by}`, { label: dimension.label });
  const summary = groups.length === 0 ? t(`empty.${by}`) : t(`summary.${by}`, { level, count: groups.length });
  /** Chapters and levels are data; items without one are grouped as "(none)". */
  const groupLabel = (group: string | null) => group ?? t("none");
  const ciText = (g: GroupAgreement) => {
    const c = g.gwetAc1;
    return c.ciLower === null || c.ciUpper === null ? t("noCi") : t("ciRange", { lower: fixed(c.ciLower), upper: fixed(c.ciUpper) });
  };
  const height = TOP + Math.max(1, groups.length) * ROW + 6;
  return (
    <ChartFigure
      {...{ heading, summary }}
      size={[WIDTH, height]}
      drawn={groups.length > 0}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{name}</th>
              <th scope="col">{t("sampled")}</th>
              <th scope="col">{t("considered")}</th>
              <th scope="col">{t("atLeastTwo")}</th>
              <th scope="col">{t("all")}</th>
              <th scope="col">AC1</th>
              <th scope="col">{t("ci", { level })}</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={groupLabel(g.group)}>
                <th scope="row">{groupLabel(g.group)}</th>
                <td>{g.sampled}</td>
                <td>{g.shares.itemsConsidered}</td>
                <td>{percent(g.shares.atLeastTwoAgree)}</td>
                <td>{percent(g.shares.allAgree)}</td>
                <td>{fixed(g.gwetAc1.coeff)}</td>
                <td>{ciText(g)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <g className="fill-slate-500 text-[10px]">
        <text x={AC1.x0} y={12} textAnchor="middle">
          −1
        </text>
        <text x={ac1X(0)} y={12} textAnchor="middle">
          AC1 0
        </text>
        <text x={AC1.x1} y={12} textAnchor="middle">
          1
        </text>
        <text x={SHARE.x0} y={12}>
          {t("axisShare")}
        </text>
        <text x={SHARE.x1} y={12} textAnchor="end">
          100%
        </text>
      </g>
      <line x1={ac1X(0)} x2={ac1X(0)} y1={16} y2={height - 4} stroke="#94a3b8" strokeDasharray="3 3" />
      {groups.map((g, i) => {
        const y = TOP + i * ROW + ROW / 2;
        const c = g.gwetAc1;
        const share = g.shares.atLeastTwoAgree;
        return (
          <g key={groupLabel(g.group)}>
            <text x={0} y={y - 5} className="fill-slate-800 text-[12px]" dominantBaseline="central">
              <title>{groupLabel(g.group)}</title>
              {short(groupLabel(g.group))}
            </text>
            <text x={0} y={y + 8} className="fill-slate-500 text-[10px]" dominantBaseline="central">
              {`n = ${g.sampled} / ${g.shares.itemsConsidered}`}
            </text>
            <text x={AC1.x0 - 8} y={y} textAnchor="end" dominantBaseline="central" className="fill-slate-800 text-[12px] font-semibold">
              {fixed(c.coeff)}
            </text>
            {c.coeff !== null && c.ciLower !== null && c.ciUpper !== null && (
              <g stroke="#0f172a" strokeWidth="1.5">
                <line x1={ac1X(c.ciLower)} x2={ac1X(c.ciUpper)} y1={y} y2={y} />
                <line x1={ac1X(c.ciLower)} x2={ac1X(c.ciLower)} y1={y - 5} y2={y + 5} />
                <line x1={ac1X(c.ciUpper)} x2={ac1X(c.ciUpper)} y1={y - 5} y2={y + 5} />
              </g>
            )}
            {c.coeff !== null && <circle cx={ac1X(c.coeff)} cy={y} r={4.5} fill="#0f766e" stroke="#fff" strokeWidth="1.5" />}
            <rect x={SHARE.x0} y={y - 7} width={SHARE.x1 - SHARE.x0} height={14} fill="#f1f5f9" stroke="#cbd5e1" />
            {share !== null && <rect x={SHARE.x0} y={y - 7} width={(SHARE.x1 - SHARE.x0) * share} height={14} fill="#475569" />}
            <text x={SHARE.x1 + 6} y={y} dominantBaseline="central" className="fill-slate-800 text-[11px]">
              {percent(share)}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
