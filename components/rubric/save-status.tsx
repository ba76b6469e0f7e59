"use client";
// One field's save state, as text plus a symbol (never colour alone). Not a
// live region itself: the panel announces only trouble and recovery.
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { Button } from "../ui/button";
import type { FieldStatus } from "./save-queue-types";
import { statusLine, type StatusMessage, type StatusTone } from "./status-text";

const TONES: Record<StatusTone, string> = {
  muted: "text-slate-600",
  saved: "text-teal-800",
  warning: "rounded bg-amber-50 px-1.5 text-amber-900 ring-1 ring-amber-300",
  notice: "rounded bg-slate-100 px-1.5 text-slate-800 ring-1 ring-slate-300",
};

const SYMBOLS: Record<StatusTone, string> = { muted: "", saved: "✓", warning: "⚠", notice: "ℹ" };

export interface SaveStatusProps {
  status: FieldStatus<unknown>;
  hasValue: boolean;
  /** Names the field for the buttons' accessible names, e.g. "rating for Correctness" (already translated). */
  subject: string;
  onRetry?: () => void;
  onUseMine?: () => void;
  /** Words for what "Use my version" restores, e.g. "Correct". */
  mineLabel?: string;
  id?: string;
}

/** The words of a status line; "Saved 14:02" in the configured time zone, on a 24-hour clock like the record. */
function useStatusWords() {
  const t = useTranslations("rubric.status");
  const format = useFormatter();
  return (m: StatusMessage) => {
    switch (m.key) {
      case "savedAt":
        return t("savedAt", { time: format.dateTime(m.at, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) });
      case "retrying":
        return t("retrying", { failures: m.failures });
      default:
        return t(m.key);
    }
  };
}

export function SaveStatus({ status, hasValue, subject, onRetry, onUseMine, mineLabel, id }: SaveStatusProps) {
  const t = useTranslations("rubric.status");
  const words = useStatusWords();
  const line = statusLine(status, hasValue);
  if (!line.message) return <span id={id} className="text-xs text-slate-500" />;
  const error = status.kind === "retrying" && status.error ? status.error : null;
  return (
    <span id={id} className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span className={`inline-flex items-center gap-1 ${TONES[line.tone]}`}>
        {SYMBOLS[line.tone] && <span aria-hidden="true">{SYMBOLS[line.tone]}</span>}
        <span>{words(line.message)}</span>
        {error && <span className="text-amber-800">({error})</span>}
      </span>
      {line.canRetry && onRetry && (
        <Button type="button" variant="secondary" size="sm" onClick={onRetry} aria-label={t("retryLabel", { subject })}>
          {t("retryNow")}
        </Button>
      )}
      {line.canUseMine && onUseMine && (
        <Button type="button" variant="ghost" size="sm" onClick={onUseMine} aria-label={t("useMineLabel", { subject })}>
          {mineLabel ? t("useMineWith", { value: mineLabel }) : t("useMine")}
        </Button>
      )}
    </span>
  );
}
