"use client";

/**
 * Pre-decision EHR viewer: the patient's record up to the decision cutoff, grouped by day
 * with sticky day headers, windowed so the DOM stays small on 3,000+ event histories, with
 * a date list, type filter, full-text search and evidence highlighting.
 */
import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { DateNav } from "./date-nav";
import { DayHeaderContent, DayHeaderRow, EndMarker, EventRow, HEADER_CLASS } from "./event-row";
import { buildDayIndex, countByType, type DayEntry, dayOfRow, flattenRows, groupByDay, type Row } from "./group";
import { usePageKeys } from "./page-keys";
import { HEADER_HEIGHT } from "./row-height";
import { eventDoc, lazyIndex, type SearchIndex } from "./search";
import { SearchBar } from "./search-bar";
import { TypeFilter } from "./type-filter";
import { EVENT_TYPES, type EventType, type ViewerEvent } from "./types";
import { useClientMount } from "../ui/use-client-mount";
import { useRecordFormat } from "./use-record-format";
import { useFocusRequest } from "./use-focus-request";
import { useSearch } from "./use-search";
import { type ScrollFrame, useRecordList } from "./use-record-list";

export interface EhrViewerProps {
  /** Sorted by time ascending, already cut at the decision cutoff by the server. */
  events: ViewerEvent[];
  /** Benchmark event_id values to mark as evidence. */
  evidenceEventIds: string[];
  /** Shown in the end marker, e.g. "2031-08-18 · 32+0 wk". */
  cutoffLabel: string;
  /** An event_id (or ViewerEvent.id) to scroll to and briefly emphasise whenever it changes. */
  focusEventId?: string | null;
  /** Called once the focus request was served; clear focusEventId here so the same id can be sent again. */
  onFocusHandled?: () => void;
  /** Date locale of the record; by default the reader's (English: en-GB). */
  locale?: string;
  /** Replaces the default height (h-[80vh]); the viewer needs a bounded height to window its rows. */
  className?: string;
}

const NO_TYPES: ReadonlySet<EventType> = new Set();

export function EhrViewer({
  events,
  evidenceEventIds,
  cutoffLabel,
  focusEventId = null,
  onFocusHandled,
  locale: localeProp,
  className,
}: EhrViewerProps) {
  const t = useTranslations("ehrViewer");
  const { locale } = useRecordFormat(localeProp);
  const groups = useMemo(() => groupByDay(events), [events]);
  const ordered = useMemo(() => groups.flatMap((g) => g.events), [groups]);
  const counts = useMemo(() => countByType(ordered), [ordered]);
  const evidence = useMemo(() => new Set(evidenceEventIds), [evidenceEventIds]);
  const [hidden, setHidden] = useState<ReadonlySet<EventType>>(NO_TYPES);
  const flat = useMemo(
    () => flattenRows(groups, hidden.size ? new Set(EVENT_TYPES.filter((t) => !hidden.has(t))) : null),
    [groups, hidden],
  );
  const days = useMemo(() => buildDayIndex(groups, flat, evidence), [groups, flat, evidence]);
  const navDays = useMemo(() => days.filter((d) => d.headerRow >= 0), [days]);
  // Header row of the next visible day, per day: what pushes the pinned header up.
  const nextHeader = useMemo(() => {
    const out = new Int32Array(days.length).fill(-1);
    for (let d = days.length - 2; d >= 0; d--) {
      const after = days[d + 1]?.headerRow ?? -1;
      out[d] = after >= 0 ? after : (out[d + 1] ?? -1);
    }
    return out;
  }, [days]);

  // Folded once per record, on the first search; a type filter only drops documents, it never re-folds text.
  const fullIndex = useMemo(() => lazyIndex(() => ordered.map(eventDoc)), [ordered]);
  const searchIndex = useMemo(() => {
    if (!hidden.size) return fullIndex;
    let shown: SearchIndex | null = null;
    return () => (shown ??= fullIndex().filter((_, i) => !hidden.has((ordered[i] as ViewerEvent).type)));
  }, [fullIndex, ordered, hidden]);
  const search = useSearch(searchIndex);
  const searchInput = useRef<HTMLInputElement>(null);

  // The record opens at its last day, the cutoff's (see "Opening" below); mounted in the browser
  // the list starts there at once (useRecordList), and so does the day shown as current.
  const clientMount = useClientMount();
  const openDay = navDays.length > 0 ? (navDays[navDays.length - 1] as DayEntry).day : 0;
  const [currentDay, setCurrentDay] = useState(() => (clientMount ? openDay : 0));
  const overlayRef = useRef<HTMLDivElement>(null);
  // Runs on every scroll event: updates state only when the day changes and moves the pinned
  // header directly in the DOM, so scrolling never re-renders rows that stay in the window.
  const startOf = (row: number) => list.v.measurementsCache[row]?.start ?? 0;
  const onScrollFrame: ScrollFrame = (topRow, top) => {
    const day = dayOfRow(flat.rows, topRow);
    setCurrentDay(day);
    const next = nextHeader[day] ?? -1;
    const shift = next >= 0 ? Math.min(0, startOf(next) - top - HEADER_HEIGHT) : 0;
    if (overlayRef.current) overlayRef.current.style.transform = shift ? `translateY(${shift}px)` : "";
  };
  const list = useRecordList(flat.rows, onScrollFrame, openDay > 0 ? (flat.dayHeaderRow[openDay] ?? -2) + 1 : -1);
  const { v, scrollRef, scrollToRow, scrollToEdge } = list;

  // A day's header sits exactly under the pinned one when its first event is aligned below it.
  const jumpToDay = useCallback(
    (day: number) => {
      const header = flat.dayHeaderRow[day] ?? -1;
      if (header >= 0) scrollToRow(header + 1, "start");
    },
    [flat, scrollToRow],
  );
  const toggleType = useCallback(
    (t: EventType) =>
      setHidden((h) => {
        const next = new Set(h);
        if (!next.delete(t)) next.add(t);
        return next;
      }),
    [],
  );
  const showAll = useCallback(() => setHidden(NO_TYPES), []);

  // --- Focus requests from the case screen's evidence list ---------------------------------
  const { flash, announcement } = useFocusRequest(focusEventId, onFocusHandled, { ordered, flat, hidden, toggleType, scrollToRow, locale });

  // --- Search: bring the current hit into view ------------------------------------------------
  // Two steps: jump to the hit's row (it may not be rendered), then centre the <mark> itself,
  // which matters inside long notes where the match can be far below the row's top.
  const revealPending = useRef(false);
  const tryReveal = useCallback(() => {
    const el = scrollRef.current;
    const mark = el?.querySelector<HTMLElement>("mark[data-current-hit]");
    if (!el || !mark) return;
    revealPending.current = false;
    v.cancelScroll(); // the mark is placed by hand from here; the library must not pull back to the row
    const box = el.getBoundingClientRect();
    const r = mark.getBoundingClientRect();
    if (r.top < box.top + HEADER_HEIGHT + 8 || r.bottom > box.bottom - 8) {
      el.scrollTop += r.top + r.height / 2 - (box.top + HEADER_HEIGHT + (box.height - HEADER_HEIGHT) / 2);
    }
  }, [scrollRef, v]);
  const { current: currentHit, reveal } = search;
  useEffect(() => {
    if (!reveal) return;
    const row = flat.rowOfEvent.get(reveal.hit.key);
    if (row === undefined) return;
    revealPending.current = true;
    scrollToRow(row, "center");
    tryReveal();
  }, [reveal, flat, scrollToRow, tryReveal]);
  useLayoutEffect(() => {
    if (revealPending.current) tryReveal();
  });

  // --- Opening: at the cutoff day, where the decision is -----------------------------------
  // The record ends at the cutoff, so its last day is the decision day; reading starts there
  // (the evidence days are starred in the date list), not ten months earlier.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || navDays.length === 0) return;
    opened.current = true;
    const last = navDays[navDays.length - 1];
    if (last && last.day > 0) jumpToDay(last.day);
  }, [navDays, jumpToDay]);

  // --- Keyboard ------------------------------------------------------------------------------
  // F3 steps through hits from anywhere in the viewer.
  const onSectionKey = (e: KeyboardEvent) => {
    if (e.key !== "F3") return;
    e.preventDefault();
    if (e.shiftKey) search.prev();
    else search.next();
  };
  const onPaneKey = (e: KeyboardEvent) => {
    if ((e.key !== "Home" && e.key !== "End") || e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    scrollToEdge(e.key === "Home" ? "start" : "end");
  };
  // j / k step by day; "k" first returns to the top of the current day if the reader is inside it.
  usePageKeys(searchInput, (key) => {
    const pos = navDays.findIndex((d) => d.day === currentDay);
    const here = navDays[pos];
    const top = scrollRef.current?.scrollTop ?? 0;
    const startOfHere = here ? startOf(here.headerRow) : 0;
    const target = key === "j" ? navDays[pos + 1] : here && top > startOfHere + 1 ? here : navDays[pos - 1];
    if (target) jumpToDay(target.day);
  });

  const overlayDay = days[currentDay];
  const items = v.getVirtualItems();
  const renderRow = (row: Row) => {
    if (row.kind === "header") {
      const day = days[row.day];
      return day ? <DayHeaderRow day={day} locale={locale} /> : null;
    }
    if (row.kind === "end")
      return <EndMarker cutoffLabel={cutoffLabel} empty={ordered.length === 0 ? "record" : flat.rows.length === 1 ? "filtered" : null} />;
    const e = row.event;
    return (
      <EventRow
        event={e}
        evidence={evidence.has(e.eventId)}
        flash={flash?.id === e.id}
        locale={locale}
        pos={row.pos}
        of={flat.rowOfEvent.size}
        hits={search.result.byKey.get(e.id)}
        current={currentHit?.key === e.id ? currentHit : null}
      />
    );
  };

  return (
    <section
      aria-label={t("record.label")}
      onKeyDown={onSectionKey}
      className={cn(
        "@container flex min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white",
        className ?? "h-[80vh]",
      )}
    >
      <header className="space-y-2 border-b border-slate-200 px-4 py-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold text-slate-900">{t("record.heading")}</h2>
          <p className="text-xs text-slate-600">{t("record.summary", { count: ordered.length, cutoff: cutoffLabel })}</p>
          <p className="ml-auto hidden text-xs text-slate-500 @2xl:block">{t("record.keys")}</p>
        </div>
        <SearchBar state={search} label={t("record.searchLabel")} placeholder={t("record.searchPlaceholder")} inputRef={searchInput} />
        <TypeFilter counts={counts} hidden={hidden} onToggle={toggleType} onShowAll={showAll} />
      </header>
      <div className="flex min-h-0 flex-1">
        <DateNav
          entries={navDays}
          activeDay={currentDay}
          onSelect={jumpToDay}
          locale={locale}
          className="w-36 shrink-0 border-r border-slate-200 @3xl:w-44"
        />
        <div
          ref={scrollRef}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable pane must take focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable); Biome accepts only widget roles here, which would misname a reading pane
          tabIndex={0}
          role="region"
          aria-label={t("record.listLabel")}
          aria-keyshortcuts="j k"
          onKeyDown={onPaneKey}
          className="relative min-w-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700"
        >
          {overlayDay && overlayDay.headerRow >= 0 && (
            <div aria-hidden="true" className="pointer-events-none sticky top-0 z-10 h-0">
              <div ref={overlayRef} data-testid="pinned-day" className={cn(HEADER_CLASS, "shadow-sm")}>
                <DayHeaderContent day={overlayDay} locale={locale} />
              </div>
            </div>
          )}
          {/* Rows in normal flow inside one block moved to the first row's offset (TanStack's
              dynamic-size pattern): a row's real height never needs absolute positioning. */}
          <div className="relative" style={{ height: v.getTotalSize() }}>
            <div style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
              {items.map((item) => {
                const row = flat.rows[item.index] as Row;
                return (
                  <div key={row.key} data-index={item.index} ref={v.measureElement}>
                    {renderRow(row)}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
