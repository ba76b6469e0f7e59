"use client";
// Optional free-text comment, autosaved after a pause in typing.
import { useTranslations } from "@/lib/i18n/client";
import { useId, type Ref } from "react";
import type { FieldStatus } from "./save-queue-types";
import { SaveStatus } from "./save-status";
import { Card } from "../ui/card";

export const COMMENT_DEBOUNCE_MS = 800;

export interface CommentBoxProps {
  value: string;
  status: FieldStatus<string>;
  readOnly: boolean;
  onChange(text: string): void;
  /** Leaving the box sends what was typed without waiting for the debounce. */
  onBlur(): void;
  onRetry(): void;
  onUseMine(text: string): void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

export function CommentBox({ value, status, readOnly, onChange, onBlur, onRetry, onUseMine, textareaRef }: CommentBoxProps) {
  const t = useTranslations("rubric.comment");
  const id = useId();
  const discarded = status.kind === "conflict" ? status.discarded : null;
  return (
    <Card raised className="space-y-1">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={`${id}-comment`} className="text-sm font-semibold text-slate-900">
          {t("label")} <span className="font-normal text-slate-600">{t("optional")}</span>
        </label>
        <SaveStatus
          status={status}
          hasValue={value !== ""}
          subject={t("subject")}
          onRetry={onRetry}
          onUseMine={discarded === null ? undefined : () => onUseMine(discarded)}
        />
      </div>
      <textarea
        ref={textareaRef}
        id={`${id}-comment`}
        value={value}
        readOnly={readOnly}
        aria-describedby={`${id}-hint`}
        rows={3}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        className="block w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30 read-only:bg-slate-50"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {readOnly ? t("locked") : t("hint")}
      </p>
    </Card>
  );
}
