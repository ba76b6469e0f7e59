"use client";
// One rubric dimension: real radio inputs (native arrow keys, one Tab stop per
// dimension, screen-reader semantics for free) styled as compact cards, so the
// whole rubric fits a bar pinned under the case (the question and gold stay in view).
import { useTranslations } from "@/lib/i18n/client";
import { useId, type Ref } from "react";
import type { FieldStatus } from "./save-queue-types";
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

export function DimensionFieldset({
  dimension,
  value,
  status,
  active,
  readOnly,
  onChoose,
  onActivate,
  onRetry,
  onUseMine,
  fieldsetRef,
}: DimensionFieldsetProps) {
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
      className={`min-w-0 rounded-lg border border-l-4 bg-white px-3 py-2 shadow-sm ${
        active ? "border-slate-300 border-l-teal-700" : "border-slate-200 border-l-slate-200"
      }`}
    >
      <legend className="float-left flex w-full items-baseline justify-between gap-2 text-sm font-semibold text-slate-900">
        <span>{dimension.label}</span>
        {/* Text, not only the teal border: the active marker must not rely on colour. Always laid
            out (invisible when inactive): appearing on focus, it pushed "Use my version" / "Retry
            now" away between mousedown and mouseup, and the first click was lost. */}
        <span
          className={`shrink-0 rounded bg-teal-700 px-1.5 py-0.5 text-xs font-semibold text-white ${active ? "" : "invisible"}`}
          aria-hidden="true"
        >
          {t("active")}
        </span>
      </legend>
      <div className="clear-left flex flex-wrap items-baseline justify-between gap-x-3">
        {dimension.question ? (
          <p id={`${id}-q`} className="min-w-0 flex-1 text-xs text-slate-600">
            {dimension.question}
          </p>
        ) : (
          <span />
        )}
        <SaveStatus
          status={status}
          hasValue={value !== null}
          subject={t("subject", { dimension: dimension.label })}
          onRetry={onRetry}
          onUseMine={discarded === null ? undefined : () => onUseMine(discarded)}
          mineLabel={discarded === null ? undefined : labelOf(discarded)}
        />
      </div>
      <div className="mt-1.5 grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-1.5">
        {dimension.categories.map((category, i) => {
          const checked = value === category.key;
          const digit = i < 9 ? String(i + 1) : null;
          // No colour fade: a key's choice shows in the next frame (a 150 ms fade was ~9 frames
          // to paint and composite per key; bench/README.md, 2026-12-06 17:34).
          return (
            <label
              key={category.key}
              data-checked={checked || undefined}
              className={`flex min-h-10 items-start gap-2 rounded-md border-2 px-2 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700 ${
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
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a <kbd> is not focusable; the digit is a visual cue, the radio's aria-keyshortcuts says it
                <kbd
                  aria-hidden="true"
                  className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1 font-mono text-xs text-slate-700"
                >
                  {digit}
                </kbd>
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-medium leading-5 text-slate-900">{category.label}</span>
                {category.description && (
                  <span id={`${id}-d${i}`} className="block text-xs text-slate-600">
                    {category.description}
                  </span>
                )}
              </span>
              {/* A glyph beside the border and fill (never colour alone); a worded badge here
                  overlapped long labels ("Uncertain✓ Selected") in a 1280 px column. */}
              {checked && (
                <span className="shrink-0 font-semibold leading-5 text-teal-800" title={t("selected")} aria-hidden="true">
                  ✓
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
