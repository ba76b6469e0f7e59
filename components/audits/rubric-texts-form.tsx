"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { saveRubricTextsAction } from "@/lib/actions/audits";
import type { Rubric } from "@/lib/audits/rubric";
import { missingChinese } from "@/lib/audits/rubric-texts";
import { Button } from "../ui/button";
import { RubricTexts } from "./rubric-texts";
import { Card, CardTitle } from "../ui/card";

/**
 * The audit page's rubric texts: every label, question and category description in English and
 * Chinese, saved with before/after in the trail. The structure (and so every code) is not editable.
 */
export function RubricTextsForm({ auditId, rubric, locked }: { auditId: string; rubric: Rubric; locked: boolean }) {
  const t = useTranslations("audits.rubricTexts");
  const texts = useTranslations("audits.rubric.texts");
  const [pending, start] = useTransition();
  const [base, setBase] = useState(rubric);
  const [value, setValue] = useState(rubric);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const missing = missingChinese(value);
  const save = () =>
    start(async () => {
      const r = await saveRubricTextsAction({ auditId, rubric: value, base });
      if (r.ok) setBase(value);
      const field = r.ok ? null : Object.values(r.fieldErrors ?? {})[0];
      setMessage(
        r.ok
          ? { ok: true, text: r.data.changed ? t("saved") : t("unchanged") }
          : { ok: false, text: field ? `${r.error} ${field}` : r.error },
      );
    });
  return (
    <Card as="section" aria-labelledby="rubric-texts-heading" padding="md" raised data-testid="rubric-texts-form">
      <CardTitle id="rubric-texts-heading">{t("heading")}</CardTitle>
      <p className="mt-1 text-xs text-slate-600">{locked ? t("locked") : t("intro")}</p>
      {missing > 0 && <p className="mt-1 text-xs text-amber-800">{texts("missingChinese", { count: missing })}</p>}
      <fieldset disabled={locked || pending} className="mt-2 space-y-4">
        {value.map((dim, i) => (
          <div key={dim.key} className="rounded-md border border-slate-200 p-3">
            <p className="text-sm font-medium text-slate-800">
              {dim.label} <span className="font-mono text-xs text-slate-500">{dim.key}</span>
            </p>
            <RubricTexts dim={dim} index={i} open onChange={(d) => setValue(value.map((x, k) => (k === i ? d : x)))} />
          </div>
        ))}
      </fieldset>
      {!locked && (
        <div className="mt-3 flex items-center gap-3">
          <Button type="button" onClick={save} disabled={pending}>
            {t("save")}
          </Button>
          {message && (
            <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-teal-800" : "text-red-700"}`}>
              {message.text}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
