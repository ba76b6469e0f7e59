/**
 * Rater × rater grid of Cohen's kappa (the engine's pairwise values), each cell also giving the raw
 * agreement and the number of items both rated. Shading groups kappa into bands, but the value is
 * always printed, so the shade is never the only carrier of meaning. A rater who agrees with nobody
 * stands out as a pale row and column.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import type { ShownDimension, PairwiseCell } from "@/lib/reports/types";
import { useReportFormat } from "./use-report-format";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

/** Bands of kappa, lowest first (each from the previous bound); text colour switches to keep contrast on the dark shades. */
const BANDS: { below: number; className: string }[] = [
  { below: 0, className: "bg-rose-100 text-rose-950" },
  { below: 0.2, className: "bg-slate-100 text-slate-900" },
  { below: 0.4, className: "bg-teal-100 text-slate-900" },
  { below: 0.6, className: "bg-teal-200 text-slate-900" },
  { below: 0.8, className: "bg-teal-400 text-slate-950" },
  { below: Infinity, className: "bg-teal-700 text-white" },
];

function band(kappa: number | null): string {
  if (kappa === null) return "bg-white text-slate-500";
  return (BANDS.find((b) => kappa < b.below) ?? BANDS[BANDS.length - 1])?.className ?? "";
}

function Cell({ cell }: { cell: PairwiseCell }) {
  const t = useTranslations("dashboard.pairwise");
  const { fixed, percent } = useReportFormat();
  if (cell.raterA === cell.raterB) {
    return (
      <td className="border border-slate-200 bg-slate-50 px-2 py-1 text-center text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("sameRater", { count: cell.items })}</span>
      </td>
    );
  }
  const k = cell.kappa?.coeff ?? null;
  return (
    <td className={`border border-slate-200 px-2 py-1 text-center tabular-nums ${band(k)}`}>
      <div className="text-sm font-semibold">{fixed(k)}</div>
      <div className="text-[11px]">
        {cell.items === 0 ? t("noCommon") : t("cell", { raw: percent(cell.rawAgreement), items: cell.items })}
      </div>
    </td>
  );
}

export function PairwiseMatrix({ dimension, title }: { dimension: ShownDimension; title?: string }) {
  const t = useTranslations("dashboard.pairwise");
  const tDashboard = useTranslations("dashboard");
  const format = useFormatter();
  const m = dimension.pairwise;
  const heading = title ?? t("heading", { label: dimension.label });
  const bands = BANDS.map((b, i) => {
    const from = i === 0 ? null : BANDS[i - 1]!.below;
    const to = Number.isFinite(b.below) ? b.below : 1;
    return from === null
      ? t("bandBelow", { value: format.number(to) })
      : t("bandRange", { from: format.number(from), to: format.number(to) });
  });
  if (m.raters.length < 2) {
    return (
      <Card as="section">
        <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
        <p className="text-xs text-slate-600">{t("needsTwo")}</p>
      </Card>
    );
  }
  return (
    <Card as="section">
      <Table
        variant="grid"
        className="text-base text-slate-800"
        title={heading}
        note={t("caption", { bands: bands.join(tDashboard("listSeparator")) })}
      >
        <thead>
          <tr>
            <td className="px-2 py-1" />
            {m.raters.map((r) => (
              <th key={r} scope="col" className="px-2 py-1 text-xs font-semibold">
                {r}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {m.cells.map((row, i) => (
            <tr key={m.raters[i] ?? i}>
              <th scope="row" className="px-2 py-1 text-left text-xs font-semibold">
                {m.raters[i]}
              </th>
              {row.map((cell) => (
                <Cell key={cell.raterB} cell={cell} />
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
