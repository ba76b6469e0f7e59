"use client";
// The visible half of useUndo: a button with its keys, and a quiet line saying what was undone.
import { useTranslations } from "@/lib/i18n/client";
import type { UndoableChange } from "./use-undo";
import { Button } from "../ui/button";

export function UndoButton({
  canUndo,
  last,
  onUndo,
  labelOf,
}: {
  canUndo: boolean;
  last: UndoableChange | null;
  onUndo(): void;
  labelOf(dimension: string): string;
}) {
  const t = useTranslations("rubric.undo");
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Button
        variant="secondary"
        size="sm"
        onClick={onUndo}
        disabled={!canUndo}
        aria-keyshortcuts="Control+Z u"
        data-testid="undo"
        className="gap-1.5"
      >
        <span aria-hidden="true">↶</span>
        {t("button")}
        <kbd className="font-mono text-xs opacity-80">(u)</kbd>
      </Button>
      <span role="status" className="text-slate-600" data-testid="undo-status">
        {last && (last.kind === "flag" ? t("undidFlag") : t("undidRating", { dimension: labelOf(last.dimension) }))}
      </span>
    </div>
  );
}
