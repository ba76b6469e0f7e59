/** Keys on the viewers that work from anywhere on the page, never while the reader types. */
import { type RefObject, useEffect, useEffectEvent } from "react";

/** True when keys typed at `el` are text for the reader (radios, checkboxes and buttons take none). */
export function isTyping(el: Element): boolean {
  const h = el as HTMLElement;
  if (h.isContentEditable || h.tagName === "TEXTAREA" || h.tagName === "SELECT") return true;
  return h.tagName === "INPUT" && !["radio", "checkbox", "button", "submit", "reset"].includes((h as HTMLInputElement).type);
}

/**
 * "/" focuses the viewer's search box and j / k step forward / back (a day in the record, a
 * section in the notes) whenever focus is not in a text field, not only inside the viewer.
 */
export function usePageKeys(searchInput: RefObject<HTMLInputElement | null>, step: (key: "j" | "k") => void) {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing || (e.target instanceof Element && isTyping(e.target)))
      return;
    if (e.key === "/") {
      e.preventDefault();
      searchInput.current?.focus();
    } else if (e.key === "j" || e.key === "k") {
      e.preventDefault();
      step(e.key);
    }
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}
