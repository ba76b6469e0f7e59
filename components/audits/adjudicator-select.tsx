"use client";
import { useTranslations } from "@/lib/i18n/client";
import { setAdjudicatorAction } from "@/lib/actions/adjudication";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";

/** Gives one clinician the adjudicator role for this audit (effective once it is closed). */
export function AdjudicatorSelect({
  auditId,
  clinicians,
  current,
}: {
  auditId: string;
  clinicians: { id: string; name: string }[];
  current: string | null;
}) {
  const t = useTranslations("audits.adjudicator");
  const { submit, pending, error } = useActionForm(setAdjudicatorAction);
  return (
    <div className="flex items-center gap-2 text-sm">
      <label className="flex items-center gap-2">
        {t("label")}
        <select
          className="rounded-md border border-slate-300 px-2 py-1"
          value={current ?? ""}
          disabled={pending}
          onChange={(e) => submit({ auditId, userId: e.target.value || null })}
        >
          <option value="">{t("none")}</option>
          {clinicians.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <FormError>{error}</FormError>
    </div>
  );
}
