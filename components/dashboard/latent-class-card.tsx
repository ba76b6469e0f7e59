/**
 * Dawid–Skene latent-class estimates of one dimension beside the majority vote: the mean
 * probability of the error category, each rater's sensitivity and specificity for it, and the
 * items whose most probable class is not their majority label. Organizers and admins only (the page
 * decides): it says how each rater tends to answer. The error rate's item-bootstrap interval is
 * computed in the background (lib/server/reports/latent-interval): until it is kept for the
 * report's ratings the card says so, with the time left once the computation has measured it, or
 * that it waits for the ratings to be still.
 */
import { useTranslations } from "@/lib/i18n/server";
import Link from "next/link";
import { categoryLabel } from "@/lib/reports/labels";
import { LATENT_CLASS_REPLICATES, latentSettled } from "@/lib/agreement/latent-class";
import type { ShownDimension } from "@/lib/reports/types";
import { Card } from "../ui/card";
import { useReportFormat } from "./use-report-format";
import { Table } from "../ui/table";

const SHOWN_ITEMS = 20;

export function LatentClassCard({
  dimension,
  itemHref,
  remainingMs,
  waiting = false,
}: {
  dimension: ShownDimension;
  itemHref: (itemId: string) => string;
  /** Time left of the interval's computation, when it is being computed and has measured it. */
  remainingMs?: number | null;
  /** The computation waits for the ratings to be still (they changed within the quiet time). */
  waiting?: boolean;
}) {
  const t = useTranslations("dashboard.latentClass");
  const f = useReportFormat();
  const lc = dimension.latentClass;
  if (!lc) return null;
  const error = dimension.errorCategory;
  const label = (key: string | null) => categoryLabel(dimension, key ?? "");
  const settled = latentSettled(lc);
  const intervalLine = () => {
    const interval = lc.errorRate?.interval;
    const replicates = f.count(LATENT_CLASS_REPLICATES);
    if (!settled) return t("noInterval");
    if (interval)
      return t("interval", {
        level: f.level(interval.level),
        lower: f.percent(interval.ciLower),
        upper: f.percent(interval.ciUpper),
        replicates: f.count(interval.replicates),
      });
    if (waiting) return t("computingWaits", { replicates });
    if (typeof remainingMs === "number") return t("computing", { replicates, minutes: Math.max(1, Math.ceil(remainingMs / 60_000)) });
    return t("computingStarted", { replicates });
  };
  return (
    <Card as="section" aria-label={t("label", { label: dimension.label })} data-testid={`latent-class-${dimension.key}`}>
      <h3 className="text-sm font-semibold text-slate-900">{t("heading")}</h3>
      {!settled && (
        <p
          role="note"
          className="mt-2 rounded border-l-4 border-amber-400 bg-amber-50 px-3 py-2 text-xs text-amber-950"
          data-testid={`latent-unsettled-${dimension.key}`}
        >
          {lc.mirrored
            ? t("mirrored", { first: lc.mirrored[0], second: lc.mirrored[1] })
            : t("notConverged", { iterations: f.count(lc.iterations) })}
        </p>
      )}
      {lc.errorRate && error ? (
        <>
          <p className="mt-2 text-sm text-slate-800">{t("estimateLead", { category: label(error) })}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={`latent-error-${dimension.key}`}>
            {f.percent(lc.errorRate.estimate)}
          </p>
          <p className="text-xs text-slate-600" data-testid={`latent-interval-${dimension.key}`}>
            {intervalLine()}
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t("noCategory")}</p>
      )}
      <p className="mt-2 text-xs text-slate-600">
        {lc.converged ? t("converged", { iterations: f.count(lc.iterations) }) : t("stopped", { iterations: f.count(lc.iterations) })}{" "}
        {t("logLikelihood", { value: f.fixed(lc.logLikelihood) })}
      </p>
      <Table variant="report" scroll={false} className="mt-3" caption={t("ratersCaption", { label: dimension.label })}>
        <thead>
          <tr className="text-left">
            <th scope="col" className="font-medium">
              {t("rater")}
            </th>
            <th scope="col" className="text-right font-medium">
              {t("items")}
            </th>
            <th scope="col" className="text-right font-medium">
              {t("sensitivity")}
            </th>
            <th scope="col" className="text-right font-medium">
              {t("specificity")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lc.raters.map((r) => (
            <tr key={r.rater} className="border-b border-slate-100 tabular-nums">
              <th scope="row" className="text-left font-normal">
                {r.rater}
              </th>
              <td className="text-right">{f.count(r.rated)}</td>
              <td className="text-right">{f.fixed(r.sensitivity)}</td>
              <td className="text-right">{f.fixed(r.specificity)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h4 className="mt-3 text-xs font-semibold text-slate-700">{t("disagreements", { count: lc.disagreements.length })}</h4>
      {lc.disagreements.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" data-testid={`latent-disagreements-${dimension.key}`}>
          {lc.disagreements.slice(0, SHOWN_ITEMS).map((i) => (
            <li key={i.itemId}>
              <Link href={itemHref(i.itemId)} className="text-teal-800 underline hover:no-underline">
                {i.externalId}
              </Link>{" "}
              <span className="text-slate-600">
                {t("item", {
                  majority: label(i.majority),
                  mode: label(i.mode),
                  probability: f.percent(i.posterior[lc.categories.indexOf(i.mode)] ?? null),
                })}
              </span>
            </li>
          ))}
          {lc.disagreements.length > SHOWN_ITEMS && (
            <li className="text-slate-600">{t("more", { count: lc.disagreements.length - SHOWN_ITEMS })}</li>
          )}
        </ul>
      )}
    </Card>
  );
}
