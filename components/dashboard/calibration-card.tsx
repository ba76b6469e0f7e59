/**
 * The calibration round on the dashboard (lib/reports/calibration.ts): the paragraph's sentence in
 * the reader's language, and each rater's result in each round that asked them against the key,
 * the round that counts marked. Organizers and admins only (the page checks).
 */
import { useLocale } from "@/lib/i18n/client";
import { useTranslations } from "@/lib/i18n/server";
import { isLocale } from "@/lib/i18n/locales";
import type { CalibrationReport, CalibrationRoundResult } from "@/lib/reports/calibration";
import { calibrationSentence } from "@/lib/reports/calibration-sentence";
import { inTimeUnit, timeUnit } from "@/lib/reports/time-on-task";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { Table, TBody, Td, Th, THead } from "../ui/table";
import { useReportFormat } from "./use-report-format";

interface Props {
  calibration: CalibrationReport;
  /** The audit's rater labels (the sentence says whether the calibration asked all of them). */
  raters: readonly string[];
}

export function CalibrationCard({ calibration, raters }: Props) {
  const t = useTranslations("dashboard.calibration");
  const locale = useLocale();
  const { percent, fixed, count } = useReportFormat();
  const minutes = (ms: number) => {
    const m = ms / 60000;
    return t(`time.${timeUnit(m)}`, { value: inTimeUnit(m, timeUnit(m)) });
  };
  const status = (r: CalibrationRoundResult, counts: boolean) =>
    r.status === "passed" ? (
      <Badge tone="accent">{t("passed")}</Badge>
    ) : r.status === "notPassed" ? (
      <Badge tone="warning">{counts && calibration.gate ? t("notPassedGated") : t("notPassed")}</Badge>
    ) : (
      <Badge tone="neutral">{t("inProgress")}</Badge>
    );
  return (
    <Card as="section" aria-labelledby="calibration-heading" data-testid="calibration-card">
      <h2 id="calibration-heading" className="text-sm font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <p className="mt-1 mb-3 max-w-4xl text-sm leading-relaxed text-slate-700" data-testid="calibration-sentence">
        {calibrationSentence(calibration, raters, isLocale(locale) ? locale : "en")}
      </p>
      <Table framed={false} caption={t("heading")}>
        <THead>
          <tr>
            <Th>{t("rater")}</Th>
            <Th numeric>{t("round")}</Th>
            <Th numeric>{t("items")}</Th>
            <Th numeric>{t("agreement")}</Th>
            <Th numeric>{t("kappa")}</Th>
            <Th numeric>{t("activeTime")}</Th>
            <Th>{t("result")}</Th>
          </tr>
        </THead>
        <TBody>
          {calibration.raters.flatMap((rater) =>
            rater.rounds.map((r) => {
              const counts = r.round === rater.countingRound;
              return (
                <tr key={`${rater.rater}-${r.round}`}>
                  <Th scope="row">{rater.rater}</Th>
                  <Td numeric>
                    {count(r.round)}
                    {counts && rater.rounds.length > 1 && <span className="block text-xs text-slate-500">{t("counts")}</span>}
                  </Td>
                  <Td numeric>{t("itemsOf", { done: count(r.items), total: count(calibration.items) })}</Td>
                  <Td numeric className="whitespace-nowrap">
                    {percent(r.agreement)} ({count(r.matches)}/{count(r.questions)})
                  </Td>
                  <Td numeric>{fixed(r.kappa, 2)}</Td>
                  <Td numeric className="whitespace-nowrap">
                    {minutes(r.activeMs)}
                  </Td>
                  <Td>{status(r, counts)}</Td>
                </tr>
              );
            }),
          )}
        </TBody>
      </Table>
      <p className="mt-3 max-w-3xl text-xs text-slate-600">{t("note", { percent: calibration.passPercent })}</p>
    </Card>
  );
}
