// Pure: the report as the dashboard shows it — dimension and category labels in the reader's
// language where the rubric carries them. Keys and numbers are untouched, and the exports and
// the appendix paragraph keep using the canonical report.
import { localizeRubric, type Rubric } from "@/lib/audits/rubric";
import type { Locale } from "@/lib/i18n/locales";
import type { ShownReport } from "@/lib/reports/types";

export function localizeReport<R extends ShownReport>(report: R, rubric: Rubric, locale: Locale): R {
  if (locale === "en") return report;
  const byKey = new Map(localizeRubric(rubric, locale).map((d) => [d.key, d]));
  return {
    ...report,
    dimensions: report.dimensions.map((d) => {
      const local = byKey.get(d.key);
      if (!local) return d;
      const labelOf = new Map(local.categories.map((c) => [c.key, c.label]));
      return { ...d, label: local.label, categories: d.categories.map((c) => ({ ...c, label: labelOf.get(c.key) ?? c.label })) };
    }),
  };
}
