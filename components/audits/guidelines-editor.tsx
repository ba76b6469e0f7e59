"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { saveGuidelinesAction } from "@/lib/actions/audits";
import type { Guidelines } from "@/lib/audits/guidelines";
import { Button } from "../ui/button";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Markdown } from "../ui/markdown";
import { Card, CardTitle } from "../ui/card";

const LANGUAGES = ["en", "zh-CN"] as const;

/** The organizer writes the audit's reviewing guidelines (Markdown) in English and Chinese. */
export function GuidelinesEditor({ auditId, initial }: { auditId: string; initial: Guidelines | null }) {
  const t = useTranslations("audits.guidelines");
  const { submit, pending, error, done } = useActionForm(saveGuidelinesAction);
  const [text, setText] = useState<Record<(typeof LANGUAGES)[number], string>>({
    en: initial?.en ?? "",
    "zh-CN": initial?.["zh-CN"] ?? "",
  });
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]>("en");
  const [preview, setPreview] = useState(false);
  const save = () => submit({ auditId, guidelines: { en: text.en, ...(text["zh-CN"].trim() ? { "zh-CN": text["zh-CN"] } : {}) } });
  return (
    <Card as="section" aria-labelledby="guidelines-heading" padding="md" raised>
      <CardTitle id="guidelines-heading">{t("heading")}</CardTitle>
      <p className="mt-1 text-xs text-slate-600">{t("intro")}</p>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={t("language")}>
        {LANGUAGES.map((l) => (
          <Button
            key={l}
            type="button"
            size="sm"
            variant={language === l ? "primary" : "secondary"}
            aria-pressed={language === l}
            onClick={() => setLanguage(l)}
          >
            {t(`lang.${l}`)}
          </Button>
        ))}
        <Button type="button" size="sm" variant="secondary" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          {preview ? t("edit") : t("preview")}
        </Button>
      </div>
      {preview ? (
        <div className="mt-3 min-h-32 rounded-md border border-slate-200 p-3" data-testid="guidelines-preview">
          {text[language].trim() ? <Markdown source={text[language]} /> : <p className="text-sm text-slate-500">{t("empty")}</p>}
        </div>
      ) : (
        <label className="mt-3 block">
          <span className="sr-only">{t("textOf", { language: t(`lang.${language}`) })}</span>
          <textarea
            className="block min-h-40 w-full rounded-md border border-slate-300 p-2 font-mono text-sm"
            value={text[language]}
            lang={language}
            maxLength={20_000}
            onChange={(e) => setText({ ...text, [language]: e.target.value })}
            placeholder={t("placeholder")}
          />
        </label>
      )}
      <div className="mt-3 flex items-center gap-3">
        <Button type="button" onClick={save} disabled={pending}>
          {t("save")}
        </Button>
        <FormSuccess>{done && t("saved")}</FormSuccess>
        <FormError>{error}</FormError>
      </div>
    </Card>
  );
}
