/**
 * Date list: one entry per day (date, GA, event count, evidence marker). It is windowed on
 * TanStack Virtual too, like the record (fixed-height rows, so no measuring), because a long
 * admission can have hundreds of days. One roving tab stop: Tab enters at the current day, arrows/Home/End/PageUp/PageDown
 * move, Enter jumps; the focused entry is always rendered even when scrolled out of view.
 */
import { useTranslations } from "@/lib/i18n/client";
import { defaultRangeExtractor, useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { formatDay, formatShortDay } from "./format";
import type { DayEntry } from "./group";
import { useClientMount } from "../ui/use-client-mount";
import { useRecordFormat } from "./use-record-format";

const ROW = 44;
const OVERSCAN = 4;
/** The list's height when last read (0: never). */
let lastHeight = 0;

interface Props {
  /** Days that have visible events, in time order. */
  entries: readonly DayEntry[];
  /** Day index (DayEntry.day) at the top of the record view. */
  activeDay: number;
  onSelect: (day: number) => void;
  locale: string;
  className?: string;
}

export const DateNav = memo(function DateNav({ entries, activeDay, onSelect, locale, className }: Props) {
  const t = useTranslations("ehrViewer.days");
  const { ga } = useRecordFormat();
  const listRef = useRef<HTMLDivElement>(null);
  const clientMount = useClientMount();
  // The list's height when last read: the next case's list is the same one (not while hydrating).
  const [initialHeight] = useState(() => (clientMount && lastHeight) || 480);
  const [focusPos, setFocusPos] = useState<number | null>(null);
  const pendingFocus = useRef<number | null>(null);
  const n = entries.length;

  const activePos = useMemo(() => {
    let best = -1;
    for (let i = 0; i < n && (entries[i] as DayEntry).day <= activeDay; i++) best = i;
    return Math.max(0, best);
  }, [entries, n, activeDay]);
  const roving = Math.min(focusPos ?? activePos, Math.max(0, n - 1));

  const v = useVirtualizer({
    count: n,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW,
    getItemKey: (pos) => entries[pos]?.key ?? pos,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: initialHeight },
    // The entry that holds the tab stop is always rendered, even when scrolled out of view.
    rangeExtractor: (range) => {
      const shown = defaultRangeExtractor(range);
      if (n === 0 || shown.includes(roving)) return shown;
      return roving < (shown[0] ?? 0) ? [roving, ...shown] : [...shown, roving];
    },
    onChange: (list) => {
      if (list.scrollRect?.height) lastHeight = list.scrollRect.height;
    },
  });
  const height = v.scrollRect?.height || initialHeight;

  // Follow the record while it is read, but never move the list under a keyboard user.
  useEffect(() => {
    const el = listRef.current;
    if (!el || el.contains(document.activeElement)) return;
    const top = activePos * ROW;
    if (top < el.scrollTop || top + ROW > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 2 + ROW / 2);
  }, [activePos]);

  useEffect(() => {
    if (pendingFocus.current == null) return;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-pos="${pendingFocus.current}"]`)?.focus({ preventScroll: true });
    pendingFocus.current = null;
  });

  const moveTo = (pos: number) => {
    const p = Math.min(Math.max(pos, 0), n - 1);
    const el = listRef.current;
    if (el) {
      const top = p * ROW;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + ROW > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW - el.clientHeight;
    }
    pendingFocus.current = p;
    setFocusPos(p);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const page = Math.max(1, Math.floor(height / ROW) - 1);
    const keys: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -n, End: n };
    const by = keys[e.key];
    if (by === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    moveTo(roving + by);
  };

  return (
    <nav aria-label={t("nav")} className={cn("flex min-h-0 flex-col", className)}>
      <h3 className="border-b border-slate-200 px-3 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t("heading", { count: n })}
      </h3>
      <div ref={listRef} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <ul className="relative" style={{ height: v.getTotalSize() }} onKeyDown={onKeyDown}>
          {v.getVirtualItems().map(({ index: pos, start }) => {
            const d = entries[pos] as DayEntry;
            const active = pos === activePos;
            return (
              <li key={d.key} className="absolute inset-x-0" style={{ top: start, height: ROW }} aria-setsize={n} aria-posinset={pos + 1}>
                <button
                  type="button"
                  data-pos={pos}
                  tabIndex={pos === roving ? 0 : -1}
                  title={t("title", { day: formatDay(d.key, locale), ga: ga(d.gaDays), count: d.visible })}
                  aria-current={active ? "true" : undefined}
                  onClick={() => {
                    setFocusPos(pos);
                    onSelect(d.day);
                  }}
                  className={cn(
                    "grid h-full w-full grid-cols-[1fr_auto] content-center gap-x-1 border-l-4 px-2 text-left text-xs leading-4 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700",
                    active ? "border-l-teal-700 bg-teal-50 font-semibold text-slate-900" : "border-l-transparent text-slate-700",
                  )}
                >
                  {/* The visible text is the accessible name; the sr-only words make it a sentence.
                      The date has the whole first line: beside the count it was cut ("6 Apr 20…"). */}
                  <span className="col-span-2 whitespace-nowrap">
                    {formatShortDay(d.key, locale)}
                    <span className="sr-only">,</span>
                  </span>
                  <span className="truncate text-slate-600 tabular-nums">{d.gaDays == null ? t("gaUnknown") : ga(d.gaDays)}</span>
                  <span className="flex items-center justify-end gap-1 tabular-nums">
                    {d.evidence > 0 && (
                      <span className="rounded bg-amber-100 px-1 font-semibold text-amber-900">
                        <span className="sr-only">, </span>
                        {t.rich("evidence", { sr: (chunks) => <span className="sr-only">{chunks}</span> })}
                      </span>
                    )}
                    <span aria-hidden="true">{d.visible}</span>
                    <span className="sr-only">, {t("eventsSpoken", { count: d.visible })}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
});
