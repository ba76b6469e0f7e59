"use client";
import { useTranslations } from "@/lib/i18n/client";
import type { Rubric, RubricDimension } from "@/lib/audits/rubric";
import { missingChinese } from "@/lib/audits/rubric-texts";
import type { DatasetLanguage } from "@/lib/audits/dataset-language";
import { Button } from "../ui/button";
import { DimensionEditor, move } from "./rubric-dimension-editor";

/**
 * Edits an audit's rubric: dimensions and categories can be added, renamed, reordered, and every
 * text given in English and Simplified Chinese. New dimensions and categories start with English
 * (canonical) labels. For a dataset whose records are in Chinese the texts open with the form, and
 * the texts still lacking a Chinese version are counted.
 */
export function RubricEditor({
  value,
  onChange,
  datasetLanguage = null,
}: {
  value: Rubric;
  onChange: (r: Rubric) => void;
  datasetLanguage?: DatasetLanguage | null;
}) {
  const t = useTranslations("audits.rubric");
  const missing = missingChinese(value);
  const setDim = (i: number, d: RubricDimension) => onChange(value.map((x, k) => (k === i ? d : x)));
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-800">{t("legend")}</legend>
      {datasetLanguage && (
        <p className="text-xs text-slate-600" data-testid="rubric-language">
          {t(datasetLanguage === "zh-CN" ? "texts.datasetChinese" : "texts.datasetEnglish")}
          {datasetLanguage === "zh-CN" && missing > 0 && <> {t("texts.missingChinese", { count: missing })}</>}
        </p>
      )}
      {value.map((dim, i) => (
        <DimensionEditor
          key={i}
          dim={dim}
          index={i}
          count={value.length}
          onChange={(d) => setDim(i, d)}
          onMove={(to) => onChange(move(value, i, to))}
          onRemove={() => onChange(value.filter((_, k) => k !== i))}
          datasetLanguage={datasetLanguage}
        />
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={value.length >= 6}
        onClick={() =>
          onChange([
            ...value,
            {
              key: `dimension_${value.length + 1}`,
              label: `Dimension ${value.length + 1}`,
              categories: [
                { key: "yes", label: "Yes" },
                { key: "no", label: "No" },
                { key: "unsure", label: "Unsure" },
              ],
              tieCategory: "unsure",
              errorCategory: null,
            },
          ])
        }
      >
        {t("addDimension")}
      </Button>
    </fieldset>
  );
}
