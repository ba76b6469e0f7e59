import { useTranslations } from "@/lib/i18n/client";
import { divergenceCase, DIVERGENCE_THRESHOLD } from "@/lib/reports/divergence";
import { categoryLabel } from "@/lib/reports/labels";
import type { AgreementView } from "@/lib/reports/types";
import { useReportFormat } from "./use-report-format";

/**
 * Why AC1 and kappa differ, in the reader's language: the same case and numbers as the reports'
 * English sentence (lib/reports/divergence.ts), worded from the catalog.
 */
export function DivergenceText({ dimension }: { dimension: AgreementView }) {
  const t = useTranslations("dashboard.divergence");
  const f = useReportFormat();
  const d = divergenceCase(dimension.agreement);
  if (d === null) return <>{dimension.divergence}</>;
  const top = t("top", { share: `${f.fixed(100 * d.top.share, 0)}%`, label: categoryLabel(dimension, d.top.category) });
  switch (d.kind) {
    case "one-category":
      return <>{t("one-category", { top, ac1: f.fixed(d.ac1) })}</>;
    case "prevalence":
      return <>{t("prevalence", { top })}</>;
    case "uneven":
      return (
        <>
          {t("uneven", {
            top,
            ac1: f.fixed(d.ac1),
            fleiss: f.fixed(d.fleiss),
            alpha: f.fixed(d.alpha),
            threshold: f.fixed(DIVERGENCE_THRESHOLD, 1),
          })}
        </>
      );
  }
}
