/**
 * Search input with a "3 / 17" counter and previous/next buttons. Enter / Shift+Enter step
 * through hits; Escape clears and leaves the box, back to where the reader was before it, so the
 * page's keys (rating digits, n, j / k) work again. The count is announced politely, never
 * stealing focus.
 */
import { useTranslations } from "@/lib/i18n/client";
import { useId, useRef, type FocusEvent, type KeyboardEvent, type Ref } from "react";
import { cn } from "@/components/ui/cn";
import { isTyping } from "./page-keys";
import type { SearchState } from "./use-search";

const BUTTON =
  "inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400 disabled:hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700";

/** What the polite status says: nothing while typing, the match position, or no matches. */
export function searchStatus(
  s: Pick<SearchState, "query" | "total" | "currentIndex" | "pending">,
): { current: number; total: number } | "none" | null {
  if (!s.query.trim() || s.pending) return null;
  return s.total ? { current: s.currentIndex + 1, total: s.total } : "none";
}

export function SearchBar({
  state,
  label,
  placeholder,
  inputRef,
}: {
  state: SearchState;
  label: string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const t = useTranslations("ehrViewer.search");
  const id = useId();
  const { query, setQuery, total, currentIndex, next, prev } = state;
  // Where focus was before the box took it ("/" from the rating, a click from the record pane).
  const cameFrom = useRef<HTMLElement | null>(null);
  const onFocus = (e: FocusEvent<HTMLInputElement>) => {
    cameFrom.current = e.relatedTarget instanceof HTMLElement ? e.relatedTarget : null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      if (e.shiftKey) prev();
      else next();
    } else if (e.key === "Escape" && !e.nativeEvent.isComposing) {
      // Handled here: the rating panel must not read this Escape as its own.
      e.preventDefault();
      setQuery("");
      const back = cameFrom.current;
      if (back?.isConnected && !isTyping(back)) back.focus({ preventScroll: true });
      else e.currentTarget.blur();
    }
  };
  const found = searchStatus(state);
  const status = found === null ? "" : found === "none" ? t("none") : t("match", found);
  return (
    <div role="search" className="flex min-w-0 items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        placeholder={placeholder ?? label}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-status`}
        className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2.5 text-sm shadow-sm placeholder:text-slate-500 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30"
      />
      <span
        id={`${id}-status`}
        aria-live="polite"
        className={cn(
          "min-w-[4.5rem] text-center text-xs tabular-nums",
          query.trim() && !total && !state.pending ? "text-red-800" : "text-slate-600",
        )}
      >
        <span aria-hidden="true">{query.trim() ? (total ? `${currentIndex + 1} / ${total}` : state.pending ? "…" : "0 / 0") : ""}</span>
        <span className="sr-only">{status}</span>
      </span>
      <button type="button" className={BUTTON} onClick={prev} disabled={!total} aria-label={t("previous")}>
        <span aria-hidden="true">↑</span>
      </button>
      <button type="button" className={BUTTON} onClick={next} disabled={!total} aria-label={t("next")}>
        <span aria-hidden="true">↓</span>
      </button>
    </div>
  );
}
