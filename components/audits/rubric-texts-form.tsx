"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { saveRubricTextsAction } from "@/lib/actions/audits";
import type { Rubric } from "@/lib/audits/rubric";
import { missingChinese } from "@/lib/audits/rubric-texts";
import { Button } from "../ui/button";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { RubricTexts } from "./rubric-texts";
import { Card, CardTitle } from "../ui/card";

/**
 * The audit page's rubric texts: every label, question and category description in English and
 * Chinese, saved with before/after in the trail. The structure (and so every code) is not editable.
 */
export function RubricTextsForm({ auditId, rubric, locked }: { auditId: string; rubric: Rubric; locked: boolean }) {
  const t = useTranslations("audits.rubricTexts");
  const texts = useTranslations("audits.rubric.texts");
  const [base, setBase] = useState(rubric);
  const [value, setValue] = useState(rubric);
  const { submit, pending, error, fieldErrors, data } = useActionForm(saveRubricTextsAction, {
    onSuccess: (_, sent) => setBase(sent.rubric),
  });
  const missing = missingChinese(value);
  // The texts have no field of their own to carry an error: the first one is said with the form's.
  const field = Object.values(fieldErrors)[0];
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
          <Button type="button" onClick={() => submit({ auditId, rubric: value, base })} disabled={pending}>
            {t("save")}
          </Button>
          <FormSuccess>{data && (data.changed ? t("saved") : t("unchanged"))}</FormSuccess>
          <FormError>{field ? `${error} ${field}` : error}</FormError>
        </div>
      )}
    </Card>
  );
}
