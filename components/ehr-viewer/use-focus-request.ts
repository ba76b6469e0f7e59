"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useRef, useState } from "react";
import { dateKeyOf, formatDay, formatTime } from "./format";
import type { FlatRows } from "./group";
import type { EventType, ViewerEvent } from "./types";
import type { useRecordList } from "./use-record-list";

const FLASH_MS = 2000;

/**
 * Serves the case screen's "show in the record" (an evidence link): scrolls the event into the
 * middle of the list (revealing its type when filtered out), flashes it for a moment and says
 * what is shown, or that the record has no such event; then tells the caller it was served.
 */
export function useFocusRequest(
  focusEventId: string | null,
  onFocusHandled: (() => void) | undefined,
  record: {
    ordered: readonly ViewerEvent[];
    flat: FlatRows;
    hidden: ReadonlySet<EventType>;
    toggleType: (type: EventType) => void;
    scrollToRow: ReturnType<typeof useRecordList>["scrollToRow"];
    locale: string;
  },
): { flash: { id: string; n: number } | null; announcement: string } {
  const t = useTranslations("ehrViewer");
  const { ordered, flat, hidden, toggleType, scrollToRow, locale } = record;
  const [flash, setFlash] = useState<{ id: string; n: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!focusEventId) {
      handled.current = null;
      return;
    }
    if (handled.current === focusEventId) return;
    const ev = ordered.find((e) => e.eventId === focusEventId) ?? ordered.find((e) => e.id === focusEventId);
    if (!ev) {
      handled.current = focusEventId;
      setAnnouncement(t("record.notInRecord", { id: focusEventId }));
      onFocusHandled?.();
      return;
    }
    if (hidden.has(ev.type)) {
      toggleType(ev.type); // reveal its type; this effect runs again with the new rows
      return;
    }
    const row = flat.rowOfEvent.get(ev.id);
    if (row === undefined) return;
    handled.current = focusEventId;
    scrollToRow(row, "center");
    setFlash((f) => ({ id: ev.id, n: (f?.n ?? 0) + 1 }));
    setAnnouncement(
      t("record.showing", {
        type: t(`types.${ev.type}`),
        name: ev.name,
        day: formatDay(dateKeyOf(ev.time), locale),
        time: formatTime(ev.time, locale),
      }),
    );
    onFocusHandled?.();
  }, [focusEventId, ordered, flat, hidden, toggleType, scrollToRow, onFocusHandled, locale, t]);
  useEffect(() => {
    if (!flash) return;
    const t = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(t);
  }, [flash]);
  return { flash, announcement };
}
