"use client";
// The agreement tool's answer in the reader's language: the readers' codes worded from the catalog
// (audits.agreementTool.messages), warnings first, then per dimension the dashboard's own cards.
import { useTranslations } from "@/lib/i18n/client";
import type { RatingsMessage } from "@/lib/agreement/files/messages";
import type { AgreementToolRefusal, AgreementToolResult, ToolDimension } from "@/lib/server/agreement/tool-result";
import { formatBytes } from "@/lib/server/uploads/format-bytes";
import type { AgreementView } from "@/lib/reports/types";
import { CoefficientTable } from "../dashboard/coefficient-table";
import { MajoritySummary } from "../dashboard/majority-summary";
import { FormError } from "../ui/form-error";
import { Card, CardTitle } from "../ui/card";

function useMessage() {
  const t = useTranslations("audits.agreementTool.messages");
  return (m: RatingsMessage) => t(m.code as never, m.values as never);
}

/** A refused file (located), a refused upload, or the fallback sentence for anything else. */
export function AgreementRefusal({ refusal, fallback }: { refusal: AgreementToolRefusal | null; fallback: string }) {
  const t = useTranslations("audits.agreementTool");
  const message = useMessage();
  if (refusal?.refused !== "invalid") {
    const text =
      refusal === null
        ? fallback
        : refusal.refused === "tooLarge"
          ? t("refused.tooLarge", { limit: formatBytes(refusal.limit) })
          : refusal.refused === "tooSlow"
            ? t("refused.tooSlow", { seconds: refusal.seconds })
            : refusal.refused === "tooManyDimensions"
              ? t("refused.tooManyDimensions", { count: refusal.count, limit: refusal.limit })
              : t(`refused.${refusal.refused}`);
    return (
      <FormError boxed className="mt-4" data-testid="agreement-refused">
        {text}
      </FormError>
    );
  }
  const { line, field, code, values } = refusal.error;
  const where = [
    typeof line === "number" ? t("located.line", { line }) : t("located.path", { path: line }),
    ...(field === null ? [] : [t("located.field", { field })]),
  ].join(", ");
  return (
    <FormError boxed className="mt-4" data-testid="agreement-refused">
      <span className="font-semibold">{t("refused.heading")}: </span>
      {where}: {message({ code, values })}
    </FormError>
  );
}

function view(d: ToolDimension, label: string): AgreementView {
  return {
    label,
    agreement: d.agreement,
    divergence: d.divergence,
    categories: d.agreement.categories.map((key) => ({ key, label: key })),
    tieCategory: d.agreement.options.tieCategory ?? "",
  };
}

export function AgreementResult({ result }: { result: AgreementToolResult }) {
  const t = useTranslations("audits.agreementTool");
  const message = useMessage();
  return (
    <div className="space-y-4" data-testid="agreement-result">
      {result.warnings.length > 0 && (
        <Card as="section" aria-labelledby="agreement-warnings" className="border-amber-300 bg-amber-50">
          <CardTitle id="agreement-warnings">{t("warnings")}</CardTitle>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-950" data-testid="agreement-warnings">
            {result.warnings.map((w, k) => (
              <li key={`${w.code}-${k}`}>{message(w)}</li>
            ))}
          </ul>
        </Card>
      )}
      <Card as="section" aria-labelledby="agreement-notes">
        <CardTitle id="agreement-notes">{t("notes")}</CardTitle>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="agreement-notes">
          <li>{t("readAs", { layout: result.layout })}</li>
          {result.notes
            .filter((n) => n.code !== "readAs")
            .map((n, k) => (
              <li key={`${n.code}-${k}`}>{message(n)}</li>
            ))}
        </ul>
      </Card>
      {result.dimensions.map((d) => {
        const label = d.agreement.dimension === null ? t("noDimension") : t("dimension", { dimension: d.agreement.dimension });
        return (
          <div key={d.agreement.dimension ?? ""} className="grid gap-4 lg:grid-cols-[2fr_1fr]">
            <CoefficientTable dimension={view(d, label)} />
            <MajoritySummary dimension={view(d, label)} />
          </div>
        );
      })}
    </div>
  );
}
