import { useTranslations } from "next-intl";
import { categoryLabel } from "@/lib/reports/labels";
import type { ShownDimension } from "@/lib/reports/types";
import { useReportFormat } from "./use-report-format";
import { Card } from "../ui/card";

export function ErrorBoundCard({ dimension }: { dimension: ShownDimension }) {
  const t = useTranslations("dashboard.errorBound");
  const f = useReportFormat();
  const b = dimension.errorRateBound;
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
          <p className="mt-1 text-xs text-slate-600">{t("roundedUp")}</p>
        </>
      )}
    </Card>
  );
}
