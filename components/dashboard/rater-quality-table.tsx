/**
 * Each rater's quality on one dimension (lib/reports/rater-quality.ts): agreement with the other
 * raters' majority, how often they answered "uncertain", Cohen's kappa with each other rater (the
 * pairwise matrix's) and their median time per case, each with its bootstrap interval, and a note
 * that a wide interval is not a verdict on a person. Organizers and admins only (the page checks).
 */
import { useTranslations } from "@/lib/i18n/server";
import type { PairwiseMatrix } from "@/lib/reports/types";
import type { DimensionRaterQuality, Interval, RaterQuality } from "@/lib/reports/rater-quality";
import { inTimeUnit, timeUnit } from "@/lib/reports/time-on-task";
import { Card } from "../ui/card";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { useReportFormat } from "./use-report-format";

interface Props {
  label: string;
  dimension: DimensionRaterQuality;
  method: RaterQuality["method"];
  time?: RaterQuality["time"];
  pairwise: PairwiseMatrix;
  /** A rater's own row (lib/server/reports/load-dashboard.ts): worded to them. */
  own?: boolean;
}

export function RaterQualityTable({ label, dimension, method, time, pairwise, own = false }: Props) {
  const t = useTranslations("dashboard.raterQuality");
  const { percent, fixed, level, count } = useReportFormat();
  const heading = t(own ? "ownHeading" : "heading", { label });
  const range = (ci: Interval | null | undefined, show: (x: number) => string) =>
    ci ? t("ci", { lower: show(ci.lower), upper: show(ci.upper) }) : t("noCi");
  const minutes = (m: number) => t(`time.${timeUnit(m)}`, { value: inTimeUnit(m, timeUnit(m)) });
  const sub = (text: string) => <span className="block whitespace-nowrap text-xs text-slate-500">{text}</span>;
  // A share with its counts, and its interval under it.
  const share = (value: number | null, of: number, out: number, ci: Interval | null) => (
    <Td numeric>
      <span className="block whitespace-nowrap">
        {percent(value)} ({count(of)}/{count(out)})
      </span>
      {sub(range(ci, percent))}
    </Td>
  );
  return (
    <Card as="section" aria-label={heading} data-testid={`rater-quality-${dimension.key}`}>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <p className="mb-2 max-w-3xl text-xs text-slate-600">
        {t("lead", { level: level(method.level), replicates: count(method.replicates), seed: method.seed })}
      </p>
      <Table framed={false} caption={heading}>
        <THead>
          <tr>
            <Th>{t("rater")}</Th>
            <Th numeric>{t("agreement")}</Th>
            <Th numeric>{t("split")}</Th>
            {dimension.uncertainCategory !== null && <Th numeric>{t("uncertain")}</Th>}
            <Th numeric>{t("kappa")}</Th>
            {time && <Th numeric>{t("medianTime")}</Th>}
          </tr>
        </THead>
        <TBody>
          {dimension.raters.map((r, g) => {
            const measured = time?.find((x) => x.rater === r.rater);
            const kappas = pairwise.raters.flatMap((other, h) =>
              h === g ? [] : [t("kappaWith", { rater: other, value: fixed(pairwise.cells[g]?.[h]?.kappa?.coeff ?? null, 2) })],
            );
            return (
              <tr key={r.rater}>
                <Th scope="row">{r.rater}</Th>
                {share(r.agreement, r.agreeing, r.compared, r.agreementCi)}
                <Td numeric>{count(r.split)}</Td>
                {dimension.uncertainCategory !== null && share(r.uncertainShare, r.uncertain ?? 0, r.rated, r.uncertainCi)}
                <Td numeric>
                  {kappas.map((k) => (
                    <span key={k} className="block whitespace-nowrap">
                      {k}
                    </span>
                  ))}
                </Td>
                {time && (
                  <Td numeric>
                    <span className="block whitespace-nowrap">
                      {measured?.medianMinutes == null ? t("noTime") : minutes(measured.medianMinutes)}
                    </span>
                    {sub(range(measured?.medianCi, minutes))}
                  </Td>
                )}
              </tr>
            );
          })}
        </TBody>
      </Table>
      <p className="mt-3 max-w-3xl text-xs text-slate-600" data-testid="rater-quality-note">
        {t("note")}
      </p>
    </Card>
  );
}
