/** Keys on the viewers that work from anywhere on the page, never while the reader types. */

/** True when keys typed at `el` are text for the reader (radios, checkboxes and buttons take none). */
export function isTyping(el: Element): boolean {
  const h = el as HTMLElement;
  if (h.isContentEditable || h.tagName === "TEXTAREA" || h.tagName === "SELECT") return true;
  return h.tagName === "INPUT" && !["radio", "checkbox", "button", "submit", "reset"].includes((h as HTMLInputElement).type);
}
