import { useTranslations } from "@/lib/i18n/server";
import type { CalibrationOverview } from "@/lib/server/calibration/results";
import { Badge } from "../ui/badge";
import { TBody, THead, Table, Td, Th } from "../ui/table";

const percent = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)} %`);
const fixed = (x: number | null) => (x === null ? "—" : x.toFixed(2));

/** Each rater's result in each calibration round that asked them (organizer/admin only). */
export function CalibrationResults({ overview }: { overview: CalibrationOverview }) {
  const t = useTranslations("calibration.setup");
  if (overview.results.length === 0) return <p className="mt-1 text-sm text-slate-600">{t("noResults")}</p>;
  return (
    <>
      <Table caption={t("results")} data-testid="calibration-results">
        <THead>
          <tr>
            <Th>{t("rater")}</Th>
            <Th numeric>{t("round")}</Th>
            <Th numeric>{t("itemsDone")}</Th>
            <Th numeric>{t("agreement")}</Th>
            <Th numeric>{t("kappa")}</Th>
            <Th numeric>{t("time")}</Th>
            <Th>{t("status")}</Th>
          </tr>
        </THead>
        <TBody>
          {overview.results.map((r) => (
            <tr key={`${r.userId}-${r.round}`}>
              <Td>{r.name}</Td>
              <Td numeric>{r.round}</Td>
              <Td numeric>
                {r.done} / {r.total}
              </Td>
              <Td numeric>
                {percent(r.score.agreement)}
                {r.score.questions > 0 && (
                  <span className="text-slate-500"> ({t("matches", { matches: r.score.matches, questions: r.score.questions })})</span>
                )}
              </Td>
              <Td numeric>{fixed(r.score.kappa)}</Td>
              <Td numeric>{t("seconds", { seconds: Math.round(r.score.activeMs / 1000) })}</Td>
              <Td>
                {r.status === "passed" ? (
                  <Badge tone="accent">{t("passed")}</Badge>
                ) : r.status === "notPassed" ? (
                  <Badge tone="warning">{overview.gate ? t("notPassedGated") : t("notPassed")}</Badge>
                ) : (
                  <Badge tone="neutral">{t("inProgress")}</Badge>
                )}
              </Td>
            </tr>
          ))}
        </TBody>
      </Table>
      <p className="mt-1 text-xs text-slate-600">{t("kappaNote")}</p>
    </>
  );
}
