/**
 * Search state shared by both viewers: query, deferred results (typing stays responsive on
 * a 3,000-event record), the current hit and next/previous with wrap-around.
 */
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { EMPTY_RESULT, search, type SearchIndex } from "./search";

/** `index` is asked for only when there is something to find (see lazyIndex): keep it stable per record. */
export function useSearch(index: () => SearchIndex) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const result = useMemo(() => (deferred.trim() ? search(index(), deferred) : EMPTY_RESULT), [index, deferred]);
  const [cursor, setCursor] = useState(0);
  // Bumped on every next/previous so even a single hit is re-revealed after the reader scrolled away.
  const [revealToken, setRevealToken] = useState(0);
  // New results restart at the first hit (derived-state pattern: reset during render, no effect pass).
  const [seen, setSeen] = useState(result);
  if (seen !== result) {
    setSeen(result);
    setCursor(0);
  }
  const total = result.hits.length;
  const currentIndex = total ? Math.min(cursor, total - 1) : -1;
  const current = currentIndex >= 0 ? (result.hits[currentIndex] ?? null) : null;

  const step = useCallback(
    (by: 1 | -1) => {
      if (!total) return;
      setCursor((c) => (Math.min(c, total - 1) + by + total) % total);
      setRevealToken((t) => t + 1);
    },
    [total],
  );
  const next = useCallback(() => step(1), [step]);
  const prev = useCallback(() => step(-1), [step]);
  // A request to bring the current hit into view: new when the hit changes and on every step.
  const reveal = useMemo(() => (current ? { hit: current, token: revealToken } : null), [current, revealToken]);

  return { query, setQuery, pending: deferred !== query, result, total, currentIndex, current, next, prev, reveal };
}

export type SearchState = ReturnType<typeof useSearch>;
