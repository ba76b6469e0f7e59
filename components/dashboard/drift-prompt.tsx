/**
 * The calm note an organizer sees when a dimension's latest window of agreement fell more than the
 * set share below the whole audit's (lib/reports/over-time.ts). It says what that may mean and, to
 * an organizer of an open audit, offers a re-calibration round (the calibration card of the audit page).
 */
import { useTranslations } from "@/lib/i18n/server";
import type { AgreementOverTime } from "@/lib/reports/over-time";
import { buttonVariants } from "../ui/button";
import { Card } from "../ui/card";
import { useReportFormat } from "./use-report-format";

export function DriftPrompt({
  overTime,
  labels,
  href,
  recalibrateHref = null,
}: {
  overTime: AgreementOverTime;
  labels: ReadonlyMap<string, string>;
  /** Where a dimension's timeline is (a per-turn dimension may be on another turn's view). */
  href: (key: string) => string;
  /** Where the organizer starts a re-calibration round; null: not offered (a rater, a closed audit). */
  recalibrateHref?: string | null;
}) {
  const t = useTranslations("dashboard.overTime.prompt");
  const { fixed, percent } = useReportFormat();
  const falling = overTime.dimensions.filter((d) => d.drop.prompt);
  if (falling.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="drift-heading" className="mb-6 border-amber-300 bg-amber-50" data-testid="drift-prompt">
      <h2 id="drift-heading" className="text-sm font-semibold text-amber-900">
        {t("heading")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {falling.map((d) => (
          <li key={d.key}>
            <a href={href(d.key)} className="text-teal-800 hover:underline">
              {labels.get(d.key) ?? d.key}
            </a>
            {": "}
            {t("line", { latest: fixed(d.drop.latest), overall: fixed(d.drop.overall), share: percent(d.drop.share) })}
          </li>
        ))}
      </ul>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t("meaning", { share: percent(overTime.options.dropShare) })}</p>
      {recalibrateHref && (
        <a href={recalibrateHref} className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-3" })}>
          {t("recalibrate")}
        </a>
      )}
    </Card>
  );
}
