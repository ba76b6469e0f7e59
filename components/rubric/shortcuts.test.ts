import { describe, expect, it } from "vitest";
import { isTextEntry, shortcutFor, type ShortcutContext, type ShortcutKeyEvent } from "./shortcuts";

const ctx: ShortcutContext = { readOnly: false, allRated: false, helpOpen: false };
const el = (tagName: string, type?: string, extra: Record<string, unknown> = {}) => ({ tagName, type, ...extra });
const press = (key: string, over: Partial<ShortcutKeyEvent> = {}, c: Partial<ShortcutContext> = {}) =>
  shortcutFor({ key, target: el("BODY"), ...over }, { ...ctx, ...c });

describe("shortcutFor", () => {
  it("maps digits 1–9 to category indexes", () => {
    expect(press("1")).toEqual({ type: "choose", index: 0 });
    expect(press("3")).toEqual({ type: "choose", index: 2 });
    expect(press("9")).toEqual({ type: "choose", index: 8 });
    expect(press("0")).toBeNull();
  });

  it("moves the active dimension with [ and ], including on key repeat", () => {
    expect(press("]")).toEqual({ type: "dimension", delta: 1 });
    expect(press("[")).toEqual({ type: "dimension", delta: -1 });
    expect(press("]", { repeat: true })).toEqual({ type: "dimension", delta: 1 });
  });

  it("maps n, c and ? (case-insensitive letters)", () => {
    expect(press("n")).toEqual({ type: "next-item" });
    expect(press("N")).toEqual({ type: "next-item" }); // Caps Lock
    expect(press("c")).toEqual({ type: "focus-comment" });
    expect(press("?")).toEqual({ type: "toggle-help" });
    expect(press("x")).toBeNull();
    expect(press("Tab")).toBeNull(); // Tab keeps its native focus movement
  });

  it("Enter goes next only when every dimension is rated and not on a button or link", () => {
    expect(press("Enter")).toBeNull();
    expect(press("Enter", {}, { allRated: true })).toEqual({ type: "next-item" });
    expect(press("Enter", { target: el("INPUT", "radio") }, { allRated: true })).toEqual({ type: "next-item" });
    expect(press("Enter", { target: el("BUTTON") }, { allRated: true })).toBeNull();
    expect(press("Enter", { target: el("A") }, { allRated: true })).toBeNull();
    expect(press("Enter", { target: el("SUMMARY") }, { allRated: true })).toBeNull();
    expect(press("Enter", { target: el("DIV", undefined, { getAttribute: () => "button" }) }, { allRated: true })).toBeNull();
  });

  it("ignores keys with Ctrl, Meta or Alt", () => {
    for (const mod of ["ctrlKey", "metaKey", "altKey"] as const) {
      expect(press("1", { [mod]: true })).toBeNull();
      expect(press("n", { [mod]: true })).toBeNull();
      expect(press("c", { [mod]: true })).toBeNull();
    }
    expect(press("?", { target: el("BODY") })).not.toBeNull(); // Shift alone is fine: "?" needs it
  });

  it("ignores typing in text inputs, textareas, selects and contenteditable", () => {
    const targets = [
      el("TEXTAREA"),
      el("INPUT", "text"),
      el("INPUT", "search"),
      el("INPUT", "number"),
      el("INPUT"),
      el("SELECT"),
      el("DIV", undefined, { isContentEditable: true }),
      el("DIV", undefined, { getAttribute: (n: string) => (n === "role" ? "textbox" : null) }),
    ];
    for (const target of targets) {
      for (const key of ["1", "n", "c", "[", "?", "Enter"]) expect(press(key, { target }, { allRated: true })).toBeNull();
    }
  });

  it("Escape leaves a text box, or closes the help", () => {
    expect(press("Escape", { target: el("TEXTAREA") })).toEqual({ type: "leave-text" });
    expect(press("Escape", { target: el("INPUT", "text") })).toEqual({ type: "leave-text" });
    expect(press("Escape")).toBeNull();
    expect(press("Escape", {}, { helpOpen: true })).toEqual({ type: "close-help" });
  });

  it("works while a radio card or button has focus", () => {
    expect(press("2", { target: el("INPUT", "radio") })).toEqual({ type: "choose", index: 1 });
    expect(press("n", { target: el("BUTTON") })).toEqual({ type: "next-item" });
  });

  it("ignores IME composition, auto-repeat and handled events", () => {
    expect(press("1", { isComposing: true })).toBeNull();
    expect(press("Process")).toBeNull();
    expect(press("1", { repeat: true })).toBeNull();
    expect(press("n", { repeat: true })).toBeNull();
    expect(press("1", { defaultPrevented: true })).toBeNull();
  });

  it("read-only: no rating or comment shortcuts, navigation still works", () => {
    expect(press("1", {}, { readOnly: true })).toBeNull();
    expect(press("c", {}, { readOnly: true })).toBeNull();
    expect(press("n", {}, { readOnly: true })).toEqual({ type: "next-item" });
    expect(press("]", {}, { readOnly: true })).toEqual({ type: "dimension", delta: 1 });
  });

  it("tolerates a missing or non-element target", () => {
    expect(shortcutFor({ key: "1", target: null }, ctx)).toEqual({ type: "choose", index: 0 });
    expect(shortcutFor({ key: "1" }, ctx)).toEqual({ type: "choose", index: 0 });
    expect(isTextEntry(null)).toBe(false);
    expect(isTextEntry(el("INPUT", "checkbox"))).toBe(false);
  });
});
