// Keyboard map of the rating panel as a pure function, so the rules (ignore
// typing, modifiers, IME composition, key repeat) are testable without a DOM.

export type ShortcutAction =
  | { type: "choose"; index: number } // category index in the active dimension
  | { type: "dimension"; delta: 1 | -1 }
  | { type: "next-item" }
  | { type: "focus-comment" }
  | { type: "toggle-help" }
  | { type: "close-help" }
  | { type: "leave-text" };

/** The parts of an element the rules look at (an HTMLElement satisfies it). */
export interface ShortcutTarget {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

/** The parts of a KeyboardEvent the rules look at. */
export interface ShortcutKeyEvent {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target?: ShortcutTarget | EventTarget | null;
}

export interface ShortcutContext {
  readOnly: boolean;
  allRated: boolean;
  helpOpen: boolean;
}

/**
 * Shown in the compact legend and the help panel; keep in sync with shortcutFor and the page's other
 * keys (flag-toggle, use-undo, guidelines-panel, the viewers' page-keys). The words are catalog
 * messages (rubric.shortcuts.<id>.label, and .compact for the legend); keys stay as typed.
 */
export type ShortcutHelp =
  | { id: "rate" | "dimension" | "next" | "comment" | "help"; keys: string[]; compact: true }
  | { id: "flag" | "undo" | "guidelines" | "days" | "search" | "leave"; keys: string[]; compact: false };
export const SHORTCUT_HELP: readonly ShortcutHelp[] = [
  { id: "rate", keys: ["1", "…", "9"], compact: true },
  { id: "dimension", keys: ["[", "]"], compact: true },
  { id: "next", keys: ["n"], compact: true },
  { id: "comment", keys: ["c"], compact: true },
  { id: "flag", keys: ["f"], compact: false },
  { id: "undo", keys: ["u", "Ctrl+Z"], compact: false },
  { id: "guidelines", keys: ["g"], compact: false },
  { id: "days", keys: ["j", "k"], compact: false },
  { id: "search", keys: ["/"], compact: false },
  { id: "leave", keys: ["Esc"], compact: false },
  { id: "help", keys: ["?"], compact: true },
];

/** What a closed audit (read only) cannot do: rating, commenting, flagging, undoing. */
export const EDITING_SHORTCUTS: ReadonlySet<ShortcutHelp["id"]> = new Set(["rate", "comment", "flag", "undo"]);

// Inputs whose keys are not text: digits and letters there are safe to use as shortcuts.
const NON_TEXT_INPUTS = new Set(["radio", "checkbox", "button", "submit", "reset", "image", "range", "color", "file"]);

function asTarget(target: ShortcutKeyEvent["target"]): ShortcutTarget | null {
  return target && typeof target === "object" ? (target as ShortcutTarget) : null;
}

/** True when keys typed at `target` are text (or menu navigation) for the user. */
export function isTextEntry(target: ShortcutKeyEvent["target"]): boolean {
  const t = asTarget(target);
  if (!t) return false;
  if (t.isContentEditable) return true;
  const tag = (t.tagName ?? "").toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !NON_TEXT_INPUTS.has((t.type ?? "text").toLowerCase());
  const role = t.getAttribute?.("role");
  return role === "textbox" || role === "combobox" || role === "searchbox";
}

/** Elements where Enter already means "activate this" and must not go to the next item. */
function activatesOnEnter(target: ShortcutKeyEvent["target"]): boolean {
  const t = asTarget(target);
  const tag = (t?.tagName ?? "").toUpperCase();
  if (tag === "BUTTON" || tag === "A" || tag === "SUMMARY") return true;
  if (tag === "INPUT") return ["button", "submit", "reset", "image", "checkbox"].includes((t?.type ?? "").toLowerCase());
  const role = t?.getAttribute?.("role");
  return role === "button" || role === "link" || role === "menuitem";
}

export function shortcutFor(event: ShortcutKeyEvent, ctx: ShortcutContext): ShortcutAction | null {
  // Browser, OS and assistive-technology shortcuts use these; never steal them.
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  // IME composition (Chinese, Japanese …): the keys belong to the composer.
  if (event.isComposing || event.key === "Process" || event.key === "Unidentified") return null;
  if (event.defaultPrevented) return null;

  if (isTextEntry(event.target)) return event.key === "Escape" ? { type: "leave-text" } : null;

  const key = event.key;
  if (key === "Escape") return ctx.helpOpen ? { type: "close-help" } : null;
  if (key === "[" || key === "]") return { type: "dimension", delta: key === "]" ? 1 : -1 };
  // Held keys auto-repeat: a held "n" must not skip ten items, a held "1" must not rate ten dimensions.
  if (event.repeat) return null;
  if (/^[1-9]$/.test(key)) return ctx.readOnly ? null : { type: "choose", index: Number(key) - 1 };
  switch (key.toLowerCase()) {
    case "n":
      return { type: "next-item" };
    case "c":
      return ctx.readOnly ? null : { type: "focus-comment" };
    case "?":
      return { type: "toggle-help" };
    case "enter":
      return ctx.allRated && !activatesOnEnter(event.target) ? { type: "next-item" } : null;
    default:
      return null;
  }
}
