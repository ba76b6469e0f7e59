"use client";

/**
 * Note viewer for note-based records (discharge summaries): each note is a document with a
 * section outline, evidence sections marked, and the same search as the EHR viewer. Notes
 * are few (1–5), so everything is rendered; no windowing.
 */
import { useTranslations } from "@/lib/i18n/client";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { EvidenceBadge } from "./event-row";
import { formatDay } from "./format";
import { Highlight } from "./highlight";
import { usePageKeys } from "./page-keys";
import { foldCase, lazyIndex, noteDocs, noteKey, rangesFor, type SearchHit } from "./search";
import { SearchBar } from "./search-bar";
import type { ViewerNote, ViewerNoteSection } from "./types";
import { useRecordFormat } from "./use-record-format";
import { useSearch } from "./use-search";

export interface NoteViewerProps {
  notes: ViewerNote[];
  /** Evidence sections by note and section title (matched case-insensitively). */
  highlight?: { noteNum: number; sections: string[] }[];
  /** Scrolls to a note (or one of its sections) and briefly emphasises it whenever it changes. */
  focus?: { noteNum: number; section?: string } | null;
  /** Date locale of the record; by default the reader's (English: en-GB). */
  locale?: string;
  /** Replaces the default height (h-[80vh]). */
  className?: string;
}

const FLASH_MS = 2000;
const sectionId = (title: string) => foldCase(title.trim());
const byId = (id: string) => (typeof document === "undefined" ? null : document.getElementById(id));
const OUTLINE_BUTTON =
  "w-full rounded px-2 py-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700";

interface SectionProps {
  anchor: string;
  section: ViewerNoteSection;
  evidence: boolean;
  flash: boolean;
  hits?: readonly SearchHit[];
  current?: SearchHit | null;
}

const NoteSection = memo(function NoteSection({ anchor, section, evidence, flash, hits, current }: SectionProps) {
  const t = useTranslations("ehrViewer.notes");
  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-h`}
      className={cn(
        "scroll-mt-2 border-l-4 py-2 pr-2 pl-3 motion-safe:transition-colors motion-safe:duration-700",
        evidence ? "border-l-amber-500 bg-amber-50/50" : "border-l-transparent",
        flash && "bg-teal-50 ring-2 ring-inset ring-teal-700",
      )}
    >
      <h4 id={`${anchor}-h`} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
        <span>
          {section.title ? <Highlight text={section.title} hits={rangesFor(hits, "heading")} current={current} /> : t("untitledSection")}
        </span>
        {evidence && <EvidenceBadge />}
      </h4>
      <p className="mt-1 max-w-[80ch] text-sm leading-[22px] break-words whitespace-pre-wrap text-slate-800">
        <Highlight text={section.text} hits={rangesFor(hits, "text")} current={current} />
      </p>
    </section>
  );
});

export function NoteViewer({ notes: given, highlight, focus = null, locale: localeProp, className }: NoteViewerProps) {
  const t = useTranslations("ehrViewer.notes");
  const { locale } = useRecordFormat(localeProp);
  // A note without a title of its own is named by number and chart date (searchable like any title).
  const notes = useMemo(
    () => given.map((n) => ({ ...n, title: n.title || t("title", { noteNum: n.noteNum, date: n.chartdate }) })),
    [given, t],
  );
  const base = useId();
  const anchor = useCallback((noteNum: number, section: number) => `${base}-n${noteNum}-s${section}`, [base]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const evidence = useMemo(() => {
    const set = new Set<string>();
    for (const h of highlight ?? []) for (const s of h.sections) set.add(`${h.noteNum}|${sectionId(s)}`);
    return set;
  }, [highlight]);
  const index = useMemo(() => lazyIndex(() => noteDocs(notes)), [notes]);
  const search = useSearch(index);
  const { current, reveal } = search;
  const [flash, setFlash] = useState<{ key: string; n: number } | null>(null);

  /** Scrolls the document pane (not the page) so `el` sits near the top, or centred. */
  const scrollTo = useCallback((el: Element | null, center = false) => {
    const box = scrollRef.current;
    if (!box || !el) return;
    const a = box.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    box.scrollTop += center ? r.top + r.height / 2 - (a.top + a.height / 2) : r.top - a.top - 8;
  }, []);

  useEffect(() => {
    if (!focus) return;
    const note = notes.find((n) => n.noteNum === focus.noteNum);
    if (!note) return;
    const i = focus.section ? note.sections.findIndex((s) => sectionId(s.title) === sectionId(focus.section ?? "")) : -1;
    const key = noteKey(note.noteNum, i);
    scrollTo(byId(anchor(note.noteNum, i)));
    setFlash((f) => ({ key, n: (f?.n ?? 0) + 1 }));
  }, [focus, notes, anchor, scrollTo]);
  useEffect(() => {
    if (!flash) return;
    const t = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(t);
  }, [flash]);

  // Everything is rendered, so the current <mark> exists right after commit.
  useEffect(() => {
    if (!reveal) return;
    const box = scrollRef.current;
    const mark = box?.querySelector("mark[data-current-hit]");
    if (!box || !mark) return;
    const a = box.getBoundingClientRect();
    const r = mark.getBoundingClientRect();
    if (r.top < a.top + 8 || r.bottom > a.bottom - 8) scrollTo(mark, true);
  }, [reveal, scrollTo]);

  // The record viewer's keys: "/" to search, j / k to the next / previous section (or note title).
  usePageKeys(searchInput, (key) => {
    const box = scrollRef.current;
    if (!box) return;
    const top = box.getBoundingClientRect().top + 8;
    const offsets = [...box.querySelectorAll("article, article > section")].map((el) => ({ el, at: el.getBoundingClientRect().top - top }));
    const target = key === "j" ? offsets.find((o) => o.at > 12) : offsets.findLast((o) => o.at < -1);
    if (target) scrollTo(target.el);
  });

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "F3") {
      e.preventDefault();
      if (e.shiftKey) search.prev();
      else search.next();
    }
  };

  return (
    <section
      aria-label={t("label")}
      onKeyDown={onKeyDown}
      className={cn(
        "@container flex min-h-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white",
        className ?? "h-[80vh]",
      )}
    >
      <header className="space-y-2 border-b border-slate-200 px-4 py-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold text-slate-900">
            {t("heading")} <span className="text-xs font-normal text-slate-600">({notes.length})</span>
          </h2>
          <p className="ml-auto hidden text-xs text-slate-500 @2xl:block">{t("keys")}</p>
        </div>
        <SearchBar state={search} label={t("searchLabel")} placeholder={t("searchPlaceholder")} inputRef={searchInput} />
      </header>
      <div className="flex min-h-0 flex-1">
        <nav aria-label={t("outline")} className="w-40 shrink-0 overflow-y-auto border-r border-slate-200 p-2 text-sm @2xl:w-56">
          {notes.map((n) => (
            <div key={n.id} className="mb-3">
              <button
                type="button"
                className={cn(OUTLINE_BUTTON, "font-semibold text-slate-900")}
                onClick={() => scrollTo(byId(anchor(n.noteNum, -1)))}
              >
                {n.title} <span className="block text-xs font-normal text-slate-600">{formatDay(n.chartdate, locale)}</span>
              </button>
              <ul className="mt-1 ml-2 border-l border-slate-200 pl-1">
                {n.sections.map((s, i) => {
                  const ev = evidence.has(`${n.noteNum}|${sectionId(s.title)}`);
                  return (
                    <li key={i}>
                      <button
                        type="button"
                        className={cn(OUTLINE_BUTTON, "text-xs text-slate-700")}
                        onClick={() => scrollTo(byId(anchor(n.noteNum, i)))}
                      >
                        {s.title || t("untitledSection")}
                        {ev && <span className="ml-1 font-semibold text-amber-900"> {t("evidence")}</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        <div
          ref={scrollRef}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable pane must take focus to be scrolled by keyboard (WCAG 2.1.1, axe scrollable-region-focusable); Biome accepts only widget roles here, which would misname a document pane
          tabIndex={0}
          role="region"
          aria-label={t("textLabel")}
          aria-keyshortcuts="j k"
          className="min-w-0 flex-1 overflow-y-auto overscroll-contain px-4 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700"
        >
          {notes.length === 0 && <p className="text-sm text-slate-600">{t("empty")}</p>}
          {notes.map((n) => {
            const titleKey = noteKey(n.noteNum, -1);
            return (
              <article
                key={n.id}
                id={anchor(n.noteNum, -1)}
                aria-labelledby={`${anchor(n.noteNum, -1)}-h`}
                className={cn("mb-8 rounded", flash?.key === titleKey && "ring-2 ring-teal-700")}
              >
                <header className="mb-2 border-b border-slate-200 pb-2">
                  <h3 id={`${anchor(n.noteNum, -1)}-h`} className="text-base font-semibold text-slate-900">
                    <Highlight
                      text={n.title}
                      hits={search.result.byKey.get(titleKey)}
                      current={current?.key === titleKey ? current : null}
                    />
                  </h3>
                  <p className="text-xs text-slate-600">{t("subtitle", { noteNum: n.noteNum, date: formatDay(n.chartdate, locale) })}</p>
                </header>
                {n.sections.map((s, i) => {
                  const key = noteKey(n.noteNum, i);
                  return (
                    <NoteSection
                      key={i}
                      anchor={anchor(n.noteNum, i)}
                      section={s}
                      evidence={evidence.has(`${n.noteNum}|${sectionId(s.title)}`)}
                      flash={flash?.key === key}
                      hits={search.result.byKey.get(key)}
                      current={current?.key === key ? current : null}
                    />
                  );
                })}
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
