"use client";
import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { assignAction } from "@/lib/actions/audits";
import { assignedMessage } from "./assign-message";
import { Button } from "../ui/button";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Card, CardTitle } from "../ui/card";

export function AssignPanel({
  auditId,
  clinicians,
  assignedIds,
  locked,
}: {
  auditId: string;
  clinicians: { id: string; name: string; email: string }[];
  assignedIds: string[];
  locked: boolean;
}) {
  const t = useTranslations("audits.assign");
  const locale = useLocale();
  const { submit: send, pending, error, data, reset } = useActionForm(assignAction);
  // Nobody is assigned by default: each rater is a deliberate choice (a reviewer of another
  // language's records must not end up on an audit by a forgotten box).
  const [selected, setSelected] = useState<string[]>(assignedIds);
  const [design, setDesign] = useState<"FULLY_CROSSED" | "BALANCED" | "MANUAL">("FULLY_CROSSED");
  const [manual, setManual] = useState("");
  const [k, setK] = useState("2");
  // A second plan that would leave the audit less balanced is shown first and sent again only when confirmed.
  const submit = (confirmUnbalance = false) =>
    send({
      auditId,
      clinicianIds: design === "MANUAL" ? [] : selected,
      design,
      ratersPerItem: design === "BALANCED" ? Number(k) : undefined,
      manual: design === "MANUAL" ? manual : undefined,
      ...(confirmUnbalance ? { confirmUnbalance: true } : {}),
    });
  const said = data && assignedMessage(t, locale, data);

  return (
    <Card as="section" aria-labelledby="assign-heading" padding="md" raised>
      <CardTitle id="assign-heading">{t("heading")}</CardTitle>
      <fieldset className="mt-3" disabled={locked || pending}>
        <legend className="sr-only">{t("clinicians")}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {clinicians.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={selected.includes(c.id)}
                onChange={(e) => setSelected(e.target.checked ? [...selected, c.id] : selected.filter((x) => x !== c.id))}
              />
              {c.name} <span className="text-slate-500">{c.email}</span>
            </label>
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="design" checked={design === "FULLY_CROSSED"} onChange={() => setDesign("FULLY_CROSSED")} />
            {t("fullyCrossed")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="design" checked={design === "BALANCED"} onChange={() => setDesign("BALANCED")} />
            {t("balanced")}
            <input
              aria-label={t("ratersPerItem")}
              className="w-14 rounded-md border border-slate-300 px-2 py-1"
              value={k}
              onChange={(e) => setK(e.target.value)}
              inputMode="numeric"
            />
            {t("balancedAfter")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="design" checked={design === "MANUAL"} onChange={() => setDesign("MANUAL")} />
            {t("manual")}
          </label>
        </div>
        {design === "MANUAL" && (
          <label className="mt-3 block text-sm">
            {t("manualHint")} <code>{t("manualFormat")}</code>
            <textarea
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-xs"
              rows={6}
              value={manual}
              onChange={(e) => setManual(e.target.value)}
              placeholder={"SYN-P0001-D1, clinician1@demo.clinaudit"}
            />
          </label>
        )}
        <Button className="mt-4" onClick={() => submit()} disabled={design === "MANUAL" ? !manual.trim() : selected.length === 0}>
          {t("submit")}
        </Button>
      </fieldset>
      {locked && <p className="mt-2 text-sm text-slate-600">{t("locked")}</p>}
      {data?.status === "confirm" && (
        <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="assign-confirm">
          <FormError className="text-slate-900">{said}</FormError>
          <div className="mt-2 flex gap-2">
            <Button size="sm" variant="danger" onClick={() => submit(true)} disabled={pending}>
              {t("assignAnyway")}
            </Button>
            <Button size="sm" variant="secondary" onClick={reset} disabled={pending}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      )}
      <FormSuccess className="mt-2">{data?.status === "assigned" && said}</FormSuccess>
      <FormError className="mt-2">{error}</FormError>
    </Card>
  );
}
