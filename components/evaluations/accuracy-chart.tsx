/**
 * Accuracy with its confidence interval for every model and scope: a point and a whisker on a
 * fixed 0–100% axis, one row per scope, grouped by model. Every value is printed beside its row
 * and scopes are named in text, so nothing depends on colour; the table above holds the same
 * numbers for screen readers.
 */
import { useTranslations } from "@/lib/i18n/server";
import { accuracyPm, findPair } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";
import { accuracyName, bootstrapName } from "./labels";
import { ChartFigure } from "../ui/chart-figure";

const WIDTH = 680;
const ROW = 24;
const HEAD = 22;
const TOP = 24;
const AXIS = { x0: 250, x1: 660 };
const x = (p: number) => AXIS.x0 + Math.max(0, Math.min(1, p)) * (AXIS.x1 - AXIS.x0);

export function AccuracyChart({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.chart");
  const l = useTranslations("evaluation.labels");
  const { models, scopes } = report.predictions;
  const rows: ({ kind: "model"; model: string } | { kind: "pair"; model: string; scope: string })[] = [];
  for (const model of models) {
    rows.push({ kind: "model", model });
    for (const scope of scopes) if (findPair(report.accuracy, model, scope)) rows.push({ kind: "pair", model, scope });
  }
  let y = TOP;
  const placed = rows.map((r) => {
    const top = y;
    y += r.kind === "model" ? HEAD : ROW;
    return { ...r, y: top };
  });
  const height = y + 6;
  const heading = t("title", { what: accuracyName(l, report) });
  return (
    <ChartFigure
      heading={heading}
      summary={t("description", { bootstrap: bootstrapName(l, report) })}
      size={[WIDTH, height]}
      svgClassName="max-w-3xl"
    >
      <g className="fill-slate-500 text-[10px]">
        {[0, 0.25, 0.5, 0.75, 1].map((t) => (
          <text key={t} x={x(t)} y={12} textAnchor="middle">{`${t * 100}%`}</text>
        ))}
      </g>
      {[0, 0.25, 0.5, 0.75, 1].map((t) => (
        <line key={t} x1={x(t)} x2={x(t)} y1={16} y2={height - 4} stroke="#e2e8f0" />
      ))}
      {placed.map((r) => {
        if (r.kind === "model")
          return (
            <text
              key={`m-${r.model}`}
              x={0}
              y={r.y + HEAD / 2 + 2}
              dominantBaseline="central"
              className="fill-slate-900 text-[12px] font-semibold"
            >
              {r.model}
            </text>
          );
        const a = findPair(report.accuracy, r.model, r.scope)!.accuracy;
        const cy = r.y + ROW / 2;
        return (
          <g key={`p-${r.model}-${r.scope}`}>
            <text x={12} y={cy} dominantBaseline="central" className="fill-slate-800 text-[11px]">
              {r.scope === report.options.baseline ? t("baselineRow", { scope: r.scope }) : r.scope}
            </text>
            <text x={AXIS.x0 - 10} y={cy} textAnchor="end" dominantBaseline="central" className="fill-slate-800 text-[11px] tabular-nums">
              {accuracyPm(a)}
            </text>
            <g stroke="#0f172a" strokeWidth="1.5">
              <line x1={x(a.lower)} x2={x(a.upper)} y1={cy} y2={cy} />
              <line x1={x(a.lower)} x2={x(a.lower)} y1={cy - 5} y2={cy + 5} />
              <line x1={x(a.upper)} x2={x(a.upper)} y1={cy - 5} y2={cy + 5} />
            </g>
            <circle cx={x(a.estimate)} cy={cy} r={4.5} fill="#0f766e" stroke="#fff" strokeWidth="1.5" />
          </g>
        );
      })}
    </ChartFigure>
  );
}
