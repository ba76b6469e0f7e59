/**
 * A model-guided sample's design on the audit page (issue #34): the prediction set and its
 * checksum, the allocation rule, and per stratum the items in the benchmark and in the sample.
 * Organizers and admins only — the audit page requires audits:manage; raters never see a stratum.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import type { ModelDesignSummary } from "@/lib/reports/types";
import { isModelStratum } from "@/lib/sampling/model-strata-keys";
import { Table, TBody, THead, Td, Th } from "../ui/table";

export function ModelDesignCard({ design }: { design: ModelDesignSummary }) {
  const t = useTranslations("audits.modelGuided");
  const format = useFormatter();
  const rule = design.allocationRule;
  const ruleText =
    rule.rule === "neyman"
      ? t("design.rule.neyman", {
          rates: Object.entries(rule.priorErrorRates)
            .map(
              ([k, p]) =>
                `${isModelStratum(k) ? t(`strata.${k}`) : k} ${format.number(p as number, { style: "percent", maximumFractionDigits: 1 })}`,
            )
            .join(t("design.separator")),
        })
      : rule.rule === "oversample"
        ? t("design.rule.oversample", { factor: rule.factor })
        : t("design.rule.proportional");
  return (
    <section aria-labelledby="model-design-heading" className="mt-4" data-testid="model-design">
      <h3 id="model-design-heading" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {t("design.title")}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t("design.set", { name: design.predictionSet.name })}</p>
      <p className="mt-1 text-sm text-slate-700">{ruleText}</p>
      <p className="mt-1 break-all text-xs text-slate-600">{t("design.checksum", { checksum: design.predictionSet.checksum })}</p>
      <div className="mt-2">
        <Table framed={false} caption={t("design.title")}>
          <THead>
            <tr>
              <Th className="px-2 py-1">{t("stratum")}</Th>
              <Th numeric className="px-2 py-1">
                {t("design.population")}
              </Th>
              <Th numeric className="px-2 py-1">
                {t("sampled")}
              </Th>
            </tr>
          </THead>
          <TBody>
            {design.allocation.map((a) => (
              <tr key={a.key}>
                <Td className="px-2 py-1">{isModelStratum(a.key) ? t(`strata.${a.key}`) : a.key}</Td>
                <Td numeric className="px-2 py-1">
                  {format.number(a.population)}
                </Td>
                <Td numeric className="px-2 py-1">
                  {format.number(a.allocated)}
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      </div>
    </section>
  );
}
