"use client";
import { useTranslations } from "@/lib/i18n/client";
import { type ReactNode, useEffect, useEffectEvent, useRef } from "react";
import { isTyping } from "../ehr-viewer/page-keys";
import { CASE_COLUMN } from "./layout";
import { casePageStep } from "./page-step";

/** What PgDn and PgUp keep whole: options, turns, evidence lines, paragraphs. */
const BLOCKS = "li, p, dt, dd, h2";

/**
 * The case column: the question, options, gold and evidence, with the rating bar pinned to its
 * bottom. On wide screens it scrolls on its own; PgDn / PgUp page it from anywhere outside the
 * record and text boxes, by the height left above the bar, so nothing is skipped under it
 * (page-step.ts).
 * Focusable, so arrows and Space scroll it too once it has the focus.
 */
export function CaseColumn({ children }: { children: ReactNode }) {
  const t = useTranslations("review.case");
  const ref = useRef<HTMLDivElement>(null);
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const el = ref.current;
    if (!el || (e.key !== "PageDown" && e.key !== "PageUp")) return;
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target instanceof Element ? e.target : null;
    // The record pages itself; keys typed in a text box are the reader's.
    if (target && (isTyping(target) || (target !== document.body && !el.contains(target)))) return;
    if (getComputedStyle(el).overflowY !== "auto") return; // narrow screens: the window scrolls
    const bar = el.querySelector<HTMLElement>(":scope > [data-pinned]");
    const origin = el.getBoundingClientRect().top - el.scrollTop;
    const blocks = [...el.querySelectorAll(BLOCKS)]
      .filter((b) => !bar?.contains(b))
      .map((b) => {
        const r = b.getBoundingClientRect();
        return [r.top - origin, r.bottom - origin] as const;
      });
    const top = casePageStep({
      scrollTop: el.scrollTop,
      clientHeight: el.clientHeight,
      scrollHeight: el.scrollHeight,
      pinnedHeight: bar?.offsetHeight ?? 0,
      direction: e.key === "PageDown" ? 1 : -1,
      blocks,
    });
    e.preventDefault();
    el.scrollTo({ top });
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
    <div ref={ref} className={CASE_COLUMN} role="region" aria-label={t("pane")} tabIndex={0} data-testid="case-pane">
      {children}
    </div>
  );
}
