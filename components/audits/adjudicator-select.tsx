"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { setAdjudicatorAction } from "@/lib/actions/adjudication";

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
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <label className="flex items-center gap-2 text-sm">
      {t("label")}
      <select
        className="rounded-md border border-slate-300 px-2 py-1"
        value={current ?? ""}
        disabled={pending}
        onChange={(e) =>
          start(async () => {
            const r = await setAdjudicatorAction({ auditId, userId: e.target.value || null });
            setError(r.ok ? null : r.error);
          })
        }
      >
        <option value="">{t("none")}</option>
        {clinicians.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="text-red-700">
          {error}
        </span>
      )}
    </label>
  );
}
