/**
 * Event-type toggles with counts. Pressed state is carried by aria-pressed, a check glyph
 * and fill, so it does not depend on colour alone.
 */
import { useTranslations } from "@/lib/i18n/client";
import { memo } from "react";
import { cn } from "@/components/ui/cn";
import { EVENT_TYPES, type EventType } from "./types";

interface Props {
  counts: Record<EventType, number>;
  hidden: ReadonlySet<EventType>;
  onToggle: (type: EventType) => void;
  onShowAll: () => void;
}

export const TypeFilter = memo(function TypeFilter({ counts, hidden, onToggle, onShowAll }: Props) {
  const t = useTranslations("ehrViewer");
  const present = EVENT_TYPES.filter((type) => counts[type] > 0);
  if (present.length < 2) return null; // one type: a filter would only hide everything
  return (
    <div role="group" aria-label={t("filter.label")} className="flex flex-wrap items-center gap-1.5">
      {present.map((type) => {
        const on = !hidden.has(type);
        return (
          <button
            key={type}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(type)}
            className={cn(
              "inline-flex h-7 items-center gap-1 rounded-full border px-2.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700",
              on
                ? "border-teal-700 bg-teal-50 text-teal-900"
                : "border-dashed border-slate-400 bg-white text-slate-600 line-through decoration-slate-400",
            )}
          >
            <span aria-hidden="true" className="w-3 text-center no-underline">
              {on ? "✓" : ""}
            </span>
            {t(`types.${type}`)} <span className="tabular-nums">{counts[type]}</span>
          </button>
        );
      })}
      {hidden.size > 0 && (
        <button
          type="button"
          onClick={onShowAll}
          className="h-7 rounded px-2 text-xs font-medium text-teal-800 underline hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {t("filter.showAll")}
        </button>
      )}
    </div>
  );
});
