/**
 * Height estimates for rows that have not been measured yet. They only need to be close:
 * every rendered row is measured by a ResizeObserver and the estimate replaced. Good
 * estimates keep the scrollbar honest and jumps to far dates accurate before measurement.
 * The numbers mirror the Tailwind classes in event-row.tsx (text-sm/leading-5 = 20px lines).
 */
import type { Row } from "./group";
import type { ViewerEvent } from "./types";

/** Day headers have a fixed height (h-9) so the pinned overlay can match them exactly. */
export const HEADER_HEIGHT = 36;
export const END_HEIGHT = 72;
const ROW_CHROME = 16 + 1; // py-2 + bottom border
const LINE = 20;
const TEXT_LINE = 22; // free text uses leading-[22px] for long-form reading
const TEXT_PAD_X = 4 + 12 + 16 + 48; // left border + row padding + text indent (ml-12)
const TEXT_MAX = 620; // max-w-[80ch] at 14px
const LATIN_CHAR = 7.2; // average advance of 14px system-ui
const WIDE_CHAR = 14; // CJK and other full-width glyphs are one em wide

// Wide = CJK ideographs, kana, hangul, full-width forms; they take about two Latin widths.
const WIDE_RE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

/** Number of wrapped lines a block of text needs at a given content width. */
export function estimateLines(text: string, contentWidth: number): number {
  const perLine = Math.max(10, contentWidth);
  let lines = 0;
  for (const para of text.split("\n")) {
    const wide = para.match(WIDE_RE)?.length ?? 0;
    const px = (para.length - wide) * LATIN_CHAR + wide * WIDE_CHAR;
    lines += Math.max(1, Math.ceil(px / perLine));
  }
  return lines;
}

export function estimateEventHeight(e: ViewerEvent, width: number): number {
  let h = ROW_CHROME + LINE; // time · type · name line
  if (e.measurement) h += LINE;
  if (e.items.length) h += 6 + e.items.length * (LINE + 2);
  if (e.text) h += 6 + estimateLines(e.text, Math.min(TEXT_MAX, width - TEXT_PAD_X)) * TEXT_LINE;
  return Math.ceil(h);
}

export function estimateRowHeight(row: Row, width: number): number {
  if (row.kind === "header") return HEADER_HEIGHT;
  if (row.kind === "end") return END_HEIGHT;
  return estimateEventHeight(row.event, width);
}
