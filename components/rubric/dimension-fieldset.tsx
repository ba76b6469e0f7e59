"use client";
// One rubric dimension: real radio inputs (native arrow keys, one Tab stop per
// dimension, screen-reader semantics for free) styled as large cards.
import { useTranslations } from "next-intl";
import { useId, type Ref } from "react";
import type { FieldStatus } from "./save-queue";
import { SaveStatus } from "./save-status";
import type { RubricDimensionView } from "./types";

export interface DimensionFieldsetProps {
  dimension: RubricDimensionView;
  value: string | null;
  status: FieldStatus<string | null>;
  active: boolean;
  readOnly: boolean;
  onChoose(category: string): void;
  onActivate(): void;
  onRetry(): void;
  onUseMine(category: string | null): void;
  fieldsetRef?: Ref<HTMLFieldSetElement>;
}

export function DimensionFieldset({ dimension, value, status, active, readOnly, onChoose, onActivate, onRetry, onUseMine, fieldsetRef }: DimensionFieldsetProps) {
  const t = useTranslations("rubric.dimension");
  const id = useId();
  const discarded = status.kind === "conflict" ? status.discarded : null;
  const labelOf = (key: string | null) => dimension.categories.find((c) => c.key === key)?.label ?? t("noRating");
  return (
    <fieldset
      ref={fieldsetRef}
      onFocus={onActivate}
      aria-describedby={dimension.question ? `${id}-q` : undefined}
      data-active={active || undefined}
      className={`min-w-0 rounded-lg border border-l-4 bg-white p-4 shadow-sm ${
        active ? "border-slate-300 border-l-teal-700" : "border-slate-200 border-l-slate-200"
      }`}
    >
      <legend className="float-left w-full text-base font-semibold text-slate-900">{dimension.label}</legend>
      <div className="clear-left flex flex-wrap items-start justify-between gap-x-4 gap-y-1 pt-1">
        {dimension.question ? (
          <p id={`${id}-q`} className="max-w-prose text-sm text-slate-700">
            {dimension.question}
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center gap-2">
          {/* Text, not only the teal border: the active marker must not rely on colour. Always laid
              out (invisible when inactive): appearing on focus, it pushed "Use my version" / "Retry
              now" away between mousedown and mouseup, and the first click was lost. */}
          <span className={`rounded bg-teal-700 px-1.5 py-0.5 text-xs font-semibold text-white ${active ? "" : "invisible"}`} aria-hidden="true">
            {t("active")}
          </span>
          <SaveStatus
            status={status}
            hasValue={value !== null}
            subject={t("subject", { dimension: dimension.label })}
            onRetry={onRetry}
            onUseMine={discarded === null ? undefined : () => onUseMine(discarded)}
            mineLabel={discarded === null ? undefined : labelOf(discarded)}
          />
        </div>
      </div>
      <div className="mt-3 grid gap-2 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
        {dimension.categories.map((category, i) => {
          const checked = value === category.key;
          const digit = i < 9 ? String(i + 1) : null;
          return (
            <label
              key={category.key}
              className={`relative flex min-h-12 items-start gap-3 rounded-md border-2 px-3 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700 ${
                checked ? "border-teal-700 bg-teal-50" : "border-slate-200 bg-white"
              } ${readOnly ? "cursor-not-allowed" : "cursor-pointer hover:border-slate-400"}`}
            >
              <input
                type="radio"
                className="sr-only"
                name={`${id}-radio`}
                value={category.key}
                checked={checked}
                disabled={readOnly}
                onChange={() => onChoose(category.key)}
                aria-keyshortcuts={digit ?? undefined}
                aria-describedby={category.description ? `${id}-d${i}` : undefined}
              />
              {digit && (
                <kbd
                  aria-hidden="true"
                  className="mt-0.5 inline-flex h-6 min-w-6 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-mono text-sm text-slate-700"
                >
                  {digit}
                </kbd>
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{category.label}</span>
                {category.description && (
                  <span id={`${id}-d${i}`} className="block text-sm text-slate-600">
                    {category.description}
                  </span>
                )}
              </span>
              {checked && (
                <span className="shrink-0 text-sm font-semibold text-teal-800" aria-hidden="true">
                  {t("selected")}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
