"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { RubricDimension } from "@/lib/audits/rubric";
import { hasTranslation, withCategoryTranslation, withDimensionTranslation } from "./rubric-translation";

const INPUT = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm";

/**
 * The dimension's optional Simplified Chinese text: what reviewers reading the app in Chinese see.
 * Exports and reports keep the canonical labels.
 */
export function RubricTranslations({ dim, index, onChange }: { dim: RubricDimension; index: number; onChange: (d: RubricDimension) => void }) {
  const t = useTranslations("audits.rubric.translations");
  const [open, setOpen] = useState(() => hasTranslation(dim));
  const zh = dim.translations?.["zh-CN"];
  const n = index + 1;
  return (
    <details className="mt-3 text-sm" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={`rubric-translations-${index}`}>
      <summary className="cursor-pointer font-medium text-slate-700">{t("summary")}</summary>
      <p className="mt-1 text-xs text-slate-600">{t("hint")}</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <label className="block">
          <span className="text-slate-700">{t("dimensionLabel", { n })}</span>
          <input lang="zh-CN" className={INPUT} value={zh?.label ?? ""} onChange={(e) => onChange(withDimensionTranslation(dim, "label", e.target.value))} />
        </label>
        <label className="block">
          <span className="text-slate-700">{t("dimensionQuestion", { n })}</span>
          <input lang="zh-CN" className={INPUT} value={zh?.question ?? ""} onChange={(e) => onChange(withDimensionTranslation(dim, "question", e.target.value))} />
        </label>
      </div>
      <ol className="mt-2 space-y-2">
        {dim.categories.map((cat, c) => {
          const set = (field: "label" | "description", value: string) =>
            onChange({ ...dim, categories: dim.categories.map((x, k) => (k === c ? withCategoryTranslation(x, field, value) : x)) });
          return (
            <li key={c} className="grid gap-2 sm:grid-cols-2">
              <label className="block">
                <span className="text-slate-700">{t("categoryLabel", { n: c + 1, label: cat.label })}</span>
                <input lang="zh-CN" className={INPUT} value={cat.translations?.["zh-CN"]?.label ?? ""} onChange={(e) => set("label", e.target.value)} />
              </label>
              <label className="block">
                <span className="text-slate-700">{t("categoryDescription", { n: c + 1 })}</span>
                <input lang="zh-CN" className={INPUT} value={cat.translations?.["zh-CN"]?.description ?? ""} onChange={(e) => set("description", e.target.value)} />
              </label>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
