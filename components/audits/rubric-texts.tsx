"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import type { RubricCategory, RubricDimension } from "@/lib/audits/rubric";
import { withEnglish } from "@/lib/audits/rubric-texts";
import { hasTranslation, withCategoryTranslation, withDimensionTranslation } from "./rubric-translation";

const INPUT = "w-full rounded-md border border-slate-300 px-2 py-1 text-sm";

interface Props {
  dim: RubricDimension;
  index: number;
  onChange: (d: RubricDimension) => void;
  /** Off where the English labels are edited beside the structure (the new-audit form): shown, not edited. */
  englishLabels?: boolean;
  /** Open from the start (the audit page); else open when a translation exists or the dataset wants one. */
  open?: boolean;
}

/**
 * Every text of one dimension in English and Simplified Chinese, side by side: its label and
 * question, each category's label and description. Reviewers see their interface language's text,
 * the English where none is given; reports and exports use the English.
 */
export function RubricTexts({ dim, index, onChange, englishLabels = true, open: openInitially }: Props) {
  const t = useTranslations("audits.rubric.texts");
  const [open, setOpen] = useState(() => openInitially ?? hasTranslation(dim));
  const zh = dim.translations?.["zh-CN"];
  const n = index + 1;
  const setCategory = (c: number, next: RubricCategory) =>
    onChange({ ...dim, categories: dim.categories.map((x, k) => (k === c ? next : x)) });
  const row = (
    label: string,
    en: { value: string | undefined; set?: (v: string) => void },
    cn: { value: string | undefined; set: (v: string) => void },
  ) => (
    <div className="grid items-center gap-x-3 gap-y-1 sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)]" key={label}>
      <span className="text-slate-700">{label}</span>
      {en.set ? (
        <input
          aria-label={t("field", { field: label, language: t("english") })}
          lang="en"
          className={INPUT}
          value={en.value ?? ""}
          onChange={(e) => en.set!(e.target.value)}
        />
      ) : (
        <span className="px-2 text-slate-800">{en.value}</span>
      )}
      <input
        aria-label={t("field", { field: label, language: t("chinese") })}
        lang="zh-CN"
        className={INPUT}
        value={cn.value ?? ""}
        onChange={(e) => cn.set(e.target.value)}
      />
    </div>
  );
  return (
    <details className="mt-3 text-sm" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={`rubric-texts-${index}`}>
      <summary className="cursor-pointer font-medium text-slate-700">{t("summary")}</summary>
      <p className="mt-1 text-xs text-slate-600">{t("hint")}</p>
      <div className="mt-2 space-y-2">
        <div
          className="hidden gap-x-3 text-xs font-semibold uppercase tracking-wide text-slate-600 sm:grid sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)]"
          aria-hidden
        >
          <span />
          <span>{t("english")}</span>
          <span>{t("chinese")}</span>
        </div>
        {row(
          t("dimensionLabel", { n }),
          { value: dim.label, set: englishLabels ? (v) => onChange(withEnglish(dim, "label", v)) : undefined },
          { value: zh?.label, set: (v) => onChange(withDimensionTranslation(dim, "label", v)) },
        )}
        {row(
          t("question", { n }),
          { value: dim.question, set: (v) => onChange(withEnglish(dim, "question", v)) },
          { value: zh?.question, set: (v) => onChange(withDimensionTranslation(dim, "question", v)) },
        )}
        {dim.categories.map((cat, c) => {
          const czh = cat.translations?.["zh-CN"];
          return (
            <div key={cat.key} className="space-y-1 border-t border-slate-100 pt-2">
              {row(
                t("categoryLabel", { n: c + 1 }),
                { value: cat.label, set: englishLabels ? (v) => setCategory(c, withEnglish(cat, "label", v)) : undefined },
                { value: czh?.label, set: (v) => setCategory(c, withCategoryTranslation(cat, "label", v)) },
              )}
              {row(
                t("description", { n: c + 1 }),
                { value: cat.description, set: (v) => setCategory(c, withEnglish(cat, "description", v)) },
                { value: czh?.description, set: (v) => setCategory(c, withCategoryTranslation(cat, "description", v)) },
              )}
            </div>
          );
        })}
      </div>
    </details>
  );
}
