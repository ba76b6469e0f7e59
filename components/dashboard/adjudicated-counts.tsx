import { useTranslations } from "@/lib/i18n/server";
import type { DimensionOutcome } from "@/lib/adjudication/outcome";
import { Card } from "../ui/card";

/** After adjudication: the final labels beside (not instead of) the raw majority counts above. */
export function AdjudicatedCounts({ outcome, removed }: { outcome: DimensionOutcome; removed: number }) {
  const t = useTranslations("dashboard.adjudicated");
  const heading = t("heading", { label: outcome.label });
  return (
    <Card as="section" aria-label={heading} data-testid={`adjudicated-${outcome.key}`}>
      <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
      <p className="text-xs text-slate-600">{t("summary", { changed: outcome.changed, removed })}</p>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm">
        {outcome.counts.map((c) => (
          <li key={c.category}>
            {t("count", { label: c.label })} <strong className="tabular-nums">{c.count}</strong>
          </li>
        ))}
      </ul>
    </Card>
  );
}
