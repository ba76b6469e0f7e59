"use client";
import { useTranslations } from "@/lib/i18n/client";
import type { DatasetLanguage } from "@/lib/audits/dataset-language";
import { keyFromLabel, type RubricDimension } from "@/lib/audits/rubric";
import { Button } from "../ui/button";
import { RubricTexts } from "./rubric-texts";

export function move<T>(list: T[], from: number, to: number): T[] {
  const copy = [...list];
  const [x] = copy.splice(from, 1);
  copy.splice(to, 0, x!);
  return copy;
}

/** One dimension of the rubric editor: its label, place and categories, the tie and error categories, where it is asked, its texts. */
export function DimensionEditor({
  dim,
  index: i,
  count,
  onChange,
  onMove,
  onRemove,
  datasetLanguage,
}: {
  dim: RubricDimension;
  index: number;
  /** How many dimensions the rubric has. */
  count: number;
  onChange: (d: RubricDimension) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  datasetLanguage: DatasetLanguage | null;
}) {
  const t = useTranslations("audits.rubric");
  return (
    <div className="rounded-md border border-slate-200 p-3" data-testid={`rubric-dimension-${i}`}>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex-1 text-sm">
          <span className="block font-medium text-slate-700">{t("dimension", { n: i + 1 })}</span>
          <input
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            value={dim.label}
            onChange={(e) => onChange({ ...dim, label: e.target.value, key: i < 2 && dim.key ? dim.key : keyFromLabel(e.target.value) })}
          />
        </label>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={i === 0}
          onClick={() => onMove(i - 1)}
          aria-label={t("moveDimensionUp", { n: i + 1 })}
        >
          ↑
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={i === count - 1}
          onClick={() => onMove(i + 1)}
          aria-label={t("moveDimensionDown", { n: i + 1 })}
        >
          ↓
        </Button>
        <Button type="button" variant="danger" size="sm" disabled={count === 1} onClick={onRemove}>
          {t("remove")}
        </Button>
      </div>
      <ol className="mt-3 space-y-2">
        {dim.categories.map((cat, c) => (
          <li key={c} className="flex items-center gap-2">
            <span className="w-5 text-right text-xs text-slate-500">{c + 1}</span>
            <input
              aria-label={t("category", { dimension: i + 1, category: c + 1 })}
              className="flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
              value={cat.label}
              onChange={(e) => {
                const categories = dim.categories.map((x, k) => (k === c ? { ...x, label: e.target.value } : x));
                onChange({ ...dim, categories });
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={c === 0}
              onClick={() => onChange({ ...dim, categories: move(dim.categories, c, c - 1) })}
              aria-label={t("moveCategoryUp", { n: c + 1 })}
            >
              ↑
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={dim.categories.length <= 2}
              onClick={() => {
                const categories = dim.categories.filter((_, k) => k !== c);
                const keys = categories.map((x) => x.key);
                onChange({
                  ...dim,
                  categories,
                  tieCategory: keys.includes(dim.tieCategory) ? dim.tieCategory : keys.at(-1)!,
                  errorCategory: dim.errorCategory && keys.includes(dim.errorCategory) ? dim.errorCategory : null,
                });
              }}
              aria-label={t("removeCategory", { n: c + 1 })}
            >
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-4 text-sm">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={dim.categories.length >= 9}
          onClick={() => {
            const label = `Category ${dim.categories.length + 1}`;
            onChange({ ...dim, categories: [...dim.categories, { key: `${keyFromLabel(label)}_${Date.now() % 1000}`, label }] });
          }}
        >
          {t("addCategory")}
        </Button>
        <label>
          {t("tie")}{" "}
          <select
            className="rounded-md border border-slate-300 px-2 py-1"
            value={dim.tieCategory}
            onChange={(e) => onChange({ ...dim, tieCategory: e.target.value })}
          >
            {dim.categories.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("error")}{" "}
          <select
            className="rounded-md border border-slate-300 px-2 py-1"
            value={dim.errorCategory ?? ""}
            onChange={(e) => onChange({ ...dim, errorCategory: e.target.value || null })}
          >
            <option value="">{t("none")}</option>
            {dim.categories.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("asked")}{" "}
          <select
            className="rounded-md border border-slate-300 px-2 py-1"
            value={dim.perTurn ?? ""}
            onChange={(e) => {
              const { perTurn: _, ...rest } = dim;
              onChange(e.target.value ? { ...rest, perTurn: e.target.value as "content" | "source" } : rest);
            }}
          >
            <option value="">{t("askedItem")}</option>
            <option value="content">{t("askedContent")}</option>
            <option value="source">{t("askedSource")}</option>
          </select>
        </label>
      </div>
      <RubricTexts
        key={datasetLanguage ?? ""}
        dim={dim}
        index={i}
        onChange={onChange}
        englishLabels={false}
        open={datasetLanguage === "zh-CN" || undefined}
      />
    </div>
  );
}
