/**
 * Text with search matches wrapped in <mark>. The current match also gets an outline and
 * data-current-hit, so it is distinguishable without colour and findable for scrolling.
 */
import type { ReactNode } from "react";
import type { SearchHit } from "./search";

export const MARK_CLASS = "rounded-sm bg-yellow-200 text-inherit";
export const CURRENT_MARK_CLASS = "rounded-sm bg-orange-300 text-inherit outline-2 outline-offset-1 outline-orange-700";

export function Highlight({ text, hits, current }: { text: string; hits?: readonly SearchHit[]; current?: SearchHit | null }) {
  if (!hits || hits.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const h of hits) {
    if (h.start < at || h.end > text.length) continue; // stale hit from a deferred search: skip, never mis-slice
    if (h.start > at) parts.push(text.slice(at, h.start));
    const isCurrent = current != null && current.index === h.index;
    parts.push(
      <mark key={h.index} className={isCurrent ? CURRENT_MARK_CLASS : MARK_CLASS} data-current-hit={isCurrent ? "true" : undefined}>
        {text.slice(h.start, h.end)}
      </mark>,
    );
    at = h.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
