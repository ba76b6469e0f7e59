/**
 * Row renderers of the record list. EventRow is memoised: while scrolling, only rows that
 * enter the window render; rows already on screen are skipped unless their own props change.
 */
import { useTranslations } from "@/lib/i18n/client";
import { memo } from "react";
import { formatDay, formatTime } from "./format";
import { cn } from "@/components/ui/cn";
import { Highlight } from "./highlight";
import { MeasurementLine, PanelTable } from "./measurement";
import { eventField, rangesFor, type SearchHit } from "./search";
import type { EventType, ViewerEvent } from "./types";
import { useRecordFormat } from "./use-record-format";

/** Quiet per-type tint; the type is always also written out, so the tint is only a skimming aid. */
const TYPE_TONE: Record<EventType, string> = {
  diagnosis: "bg-violet-50 text-violet-900 ring-violet-200",
  lab_test: "bg-sky-50 text-sky-900 ring-sky-200",
  vital_sign: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  ultrasound: "bg-indigo-50 text-indigo-900 ring-indigo-200",
  clinical_note: "bg-stone-100 text-stone-800 ring-stone-300",
  medication: "bg-rose-50 text-rose-900 ring-rose-200",
  screening: "bg-cyan-50 text-cyan-900 ring-cyan-200",
  procedure: "bg-orange-50 text-orange-900 ring-orange-200",
};

export function TypeLabel({ type }: { type: EventType }) {
  const t = useTranslations("ehrViewer.types");
  return <span className={cn("rounded px-1.5 text-xs leading-5 font-medium ring-1 ring-inset", TYPE_TONE[type])}>{t(type)}</span>;
}

export function EvidenceBadge() {
  const t = useTranslations("ehrViewer.event");
  return (
    <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 text-xs leading-5 font-semibold text-amber-900 ring-1 ring-inset ring-amber-400">
      <span aria-hidden="true">★</span>
      {t("evidence")}
    </span>
  );
}

export interface DayInfo {
  key: string;
  gaDays: number | null;
  visible: number;
  evidence: number;
}

export const HEADER_CLASS = "flex h-9 items-center gap-3 border-b border-slate-200 bg-slate-100 px-4 text-sm";

/** Content of a day header; rendered as an <h3> in the list and as a hidden copy in the pinned overlay. */
export function DayHeaderContent({ day, locale }: { day: DayInfo; locale: string }) {
  const t = useTranslations("ehrViewer.day");
  const { ga } = useRecordFormat();
  return (
    <>
      <span className="font-semibold text-slate-900">{formatDay(day.key, locale)}</span>
      <span className="text-slate-700">· {ga(day.gaDays)}</span>
      <span className="ml-auto text-xs font-normal text-slate-600">
        {t("events", { count: day.visible })}
        {day.evidence > 0 && ` · ${t("evidence", { count: day.evidence })}`}
      </span>
    </>
  );
}

export const DayHeaderRow = memo(function DayHeaderRow({ day, locale }: { day: DayInfo; locale: string }) {
  return (
    <h3 className={HEADER_CLASS}>
      <DayHeaderContent day={day} locale={locale} />
    </h3>
  );
});

interface EventRowProps {
  event: ViewerEvent;
  evidence: boolean;
  flash: boolean;
  locale: string;
  /** Position among the visible events (1-based) and their number: the list is windowed, so a
      screen reader cannot count the articles to know where it is. */
  pos: number;
  of: number;
  hits?: readonly SearchHit[];
  /** Only passed to the row that holds the current hit, so moving between hits re-renders two rows. */
  current?: SearchHit | null;
}

export const EventRow = memo(function EventRow({ event, evidence, flash, locale, pos, of, hits, current }: EventRowProps) {
  const t = useTranslations("ehrViewer.event");
  const m = event.measurement;
  return (
    <article
      data-event-id={event.eventId}
      aria-posinset={pos}
      aria-setsize={of}
      className={cn(
        "border-b border-l-4 border-b-slate-100 py-2 pr-4 pl-3 motion-safe:transition-colors motion-safe:duration-700",
        evidence ? "border-l-amber-500 bg-amber-50/50" : "border-l-transparent",
        flash && "bg-teal-50 ring-2 ring-inset ring-teal-700",
      )}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm leading-5">
        <time dateTime={event.time} className="w-10 shrink-0 tabular-nums text-slate-600">
          {formatTime(event.time, locale)}
        </time>
        <TypeLabel type={event.type} />
        <span className="font-medium text-slate-900">
          <Highlight text={event.name} hits={rangesFor(hits, eventField.name)} current={current} />
        </span>
        {evidence && <EvidenceBadge />}
        <span className="ml-auto font-mono text-xs text-slate-500" title={t("id")}>
          {event.eventId}
        </span>
      </div>
      {m && <MeasurementLine m={m} showName={!!m.name && m.name !== event.name} hits={hits} current={current} />}
      {event.items.length > 0 && <PanelTable items={event.items} hits={hits} current={current} />}
      {event.text && (
        <p className="mt-1.5 ml-12 max-w-[80ch] text-sm leading-[22px] break-words whitespace-pre-wrap text-slate-800">
          <Highlight text={event.text} hits={rangesFor(hits, eventField.text)} current={current} />
        </p>
      )}
    </article>
  );
});

/** `empty` explains an empty list: nothing before the cutoff at all, or everything filtered out. */
export function EndMarker({ cutoffLabel, empty }: { cutoffLabel: string; empty: "record" | "filtered" | null }) {
  const t = useTranslations("ehrViewer.end");
  return (
    <div className="px-4 pt-4 pb-6 text-sm text-slate-700">
      {empty && <p className="mb-3 text-center">{t(empty === "record" ? "empty" : "filtered")}</p>}
      <p className="border-t-2 border-dashed border-slate-400 pt-3 text-center font-medium">
        <span aria-hidden="true">■ </span>
        {t("marker", { cutoff: cutoffLabel })}
      </p>
    </div>
  );
}
