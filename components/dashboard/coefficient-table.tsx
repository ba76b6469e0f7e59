/**
 * The engine's coefficients for one dimension (AC1 first, then Fleiss, Krippendorff, Conger,
 * Brennan–Prediger and percent agreement) with pa, pe, value, SE, confidence interval and p, in the
 * same 3-decimal format as the Markdown and LaTeX exports. Under it, the one-line explanation when
 * AC1 and the kappa-type coefficients diverge, and why any value is n/a.
 */
import { useTranslations } from "@/lib/i18n/client";
import { COEFFICIENT_ORDER } from "@/lib/reports/labels";
import type { AgreementView } from "@/lib/reports/types";
import { isEngineNote } from "@/lib/agreement/notes";
import { isCensus } from "@/lib/agreement/report";
import { DivergenceText } from "./divergence-text";
import { useReportFormat } from "./use-report-format";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

const NUM = "text-right tabular-nums";

export function CoefficientTable({ dimension, title }: { dimension: AgreementView; title?: string }) {
  const t = useTranslations("dashboard.coefficients");
  const tDomain = useTranslations("domain");
  const f = useReportFormat();
  const c = dimension.agreement.coefficients;
  const level = f.level(dimension.agreement.options.confidenceLevel);
  const heading = title ?? t("heading", { label: dimension.label });
  // The engine's notes by their code, in the reader's language (a report computed before notes were
  // codes, should one reach the page, says its English).
  const notes = COEFFICIENT_ORDER.flatMap((k) => {
    const note: unknown = c[k].note;
    if (note === null) return [];
    return [{ key: k, note: isEngineNote(note) ? tDomain(note.code, note.values) : String(note) }];
  });
  return (
    <Card as="section">
      <Table variant="report" title={heading} note={t("summary", { items: dimension.agreement.items.withTwoOrMoreRatings, level })}>
        <thead>
          <tr>
            <th scope="col" className="text-left">
              {t("coefficient")}
            </th>
            <th scope="col" className={NUM}>
              <abbr title={t("observed")}>pa</abbr>
            </th>
            <th scope="col" className={NUM}>
              <abbr title={t("chance")}>pe</abbr>
            </th>
            <th scope="col" className={NUM}>
              {t("value")}
            </th>
            <th scope="col" className={NUM}>
              <abbr title={t("standardError")}>SE</abbr>
            </th>
            <th scope="col" className={NUM}>
              {t("ci", { level })}
            </th>
            <th scope="col" className={NUM}>
              p
            </th>
          </tr>
        </thead>
        <tbody>
          {COEFFICIENT_ORDER.map((k) => {
            const r = c[k];
            const ci = r.ciLower === null || r.ciUpper === null ? f.na : `[${f.fixed(r.ciLower)}, ${f.fixed(r.ciUpper)}]`;
            return (
              <tr key={k} className={k === "gwetAc1" ? "bg-teal-50 font-medium" : "border-t border-slate-100"}>
                <th scope="row" className="text-left font-normal">
                  {t(`name.${k}`)}
                </th>
                <td className={NUM}>{f.fixed(r.pa)}</td>
                <td className={NUM}>{f.fixed(r.pe)}</td>
                <td className={`${NUM} font-semibold`}>{f.fixed(r.coeff)}</td>
                <td className={NUM}>{f.fixed(r.se)}</td>
                <td className={NUM}>{ci}</td>
                <td className={NUM}>{f.pValue(r.pValue)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {isCensus(dimension.agreement) && (
        <p role="note" className="mt-3 text-xs text-slate-700" data-testid="census-note">
          {t("census", { items: f.count(dimension.agreement.items.total) })}
        </p>
      )}
      {dimension.divergence !== null && (
        <p role="note" className="mt-3 rounded border-l-4 border-amber-400 bg-amber-50 px-3 py-2 text-xs text-amber-950">
          <span className="font-semibold">{t("divergence")}</span>
          <DivergenceText dimension={dimension} />
        </p>
      )}
      {notes.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-xs text-slate-600" aria-label={t("notes")}>
          {notes.map((n) => (
            <li key={n.key}>{t("note", { name: t(`name.${n.key}`), note: n.note })}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
