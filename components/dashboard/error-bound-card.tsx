import { useTranslations } from "@/lib/i18n/server";
import { categoryLabel } from "@/lib/reports/labels";
import type { ShownDimension } from "@/lib/reports/types";
import { useReportFormat } from "./use-report-format";
import { Card } from "../ui/card";

export function ErrorBoundCard({ dimension }: { dimension: ShownDimension }) {
  const t = useTranslations("dashboard.errorBound");
  const f = useReportFormat();
  const b = dimension.errorRateBound;
  // A model-guided sample is no simple random sample: the bound shown is the design-weighted one.
  const weighted = dimension.stratifiedErrorRate;
  return (
    <Card as="section" aria-label={t("label", { label: dimension.label })}>
      <h3 className="text-sm font-semibold text-slate-900">{t("heading")}</h3>
      {!b || !dimension.errorCategory ? (
        <p className="mt-2 text-sm text-slate-600">{t("noCategory")}</p>
      ) : b.sampled === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("noItems")}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-800">
            {t.rich("observed", {
              category: categoryLabel(dimension, dimension.errorCategory),
              count: f.count(b.incorrect),
              sampled: f.count(b.sampled),
              rate: f.percent(b.observedRate ?? 0),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          {weighted ? (
            <WeightedBound dimension={dimension} />
          ) : (
            <>
              <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={`error-bound-${dimension.key}`}>
                ≤ {f.percentUpper(b.hypergeometricUpper ?? b.binomialUpper)}
              </p>
              <p className="text-xs text-slate-600">
                {t("oneSided", {
                  level: f.level(Math.round(b.confidenceLevel * 100) / 100),
                  method:
                    b.hypergeometricUpper !== null
                      ? t("hypergeometric", {
                          population: b.populationSize === null ? f.na : f.count(b.populationSize),
                          count: b.hypergeometricUpperCount === null ? f.na : f.count(b.hypergeometricUpperCount),
                          binomial: f.percentUpper(b.binomialUpper),
                        })
                      : t("clopperPearson"),
                })}
              </p>
            </>
          )}
          <p className="mt-1 text-xs text-slate-600">{t("roundedUp")}</p>
        </>
      )}
    </Card>
  );
}

/** The design-weighted estimate and bound of a model-guided sample (lib/agreement/stratified-bound.ts). */
function WeightedBound({ dimension }: { dimension: ShownDimension }) {
  const t = useTranslations("dashboard.errorBound");
  const f = useReportFormat();
  const e = dimension.stratifiedErrorRate;
  if (!e) return null;
  if (!e.ok) return <p className="mt-2 text-sm text-slate-600">{t("weightedUnrated", { count: e.unrated.length })}</p>;
  const n = e.bound.adjustedEffectiveSampleSize ?? e.bound.effectiveSampleSize;
  return (
    <>
      <p className="mt-1 text-sm text-slate-800">
        {t.rich("weighted", { estimate: f.percent(e.bound.estimate), strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={`error-bound-${dimension.key}`}>
        ≤ {f.percentUpper(e.bound.upper)}
      </p>
      <p className="text-xs text-slate-600">
        {t("weightedMethod", {
          level: f.level(Math.round(e.bound.confidenceLevel * 100) / 100),
          n: n === null ? f.na : f.count(Math.round(n)),
        })}
      </p>
    </>
  );
}
