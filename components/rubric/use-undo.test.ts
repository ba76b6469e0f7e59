import { describe, expect, it } from "vitest";
import { isUndoKey, UNDO_LIMIT, UndoStack } from "./use-undo";

const radio = { tagName: "INPUT", type: "radio" };
const textarea = { tagName: "TEXTAREA" };

describe("isUndoKey", () => {
  it("takes Ctrl+Z, ⌘Z and u outside text fields", () => {
    expect(isUndoKey({ key: "z", ctrlKey: true, target: radio })).toBe(true);
    expect(isUndoKey({ key: "z", metaKey: true, target: null })).toBe(true);
    expect(isUndoKey({ key: "u", target: radio })).toBe(true);
    expect(isUndoKey({ key: "U", target: null })).toBe(true);
  });
  it("leaves text fields, redo, IME, held keys and other keys alone", () => {
    expect(isUndoKey({ key: "z", ctrlKey: true, target: textarea })).toBe(false);
    expect(isUndoKey({ key: "u", target: textarea })).toBe(false);
    expect(isUndoKey({ key: "z", ctrlKey: true, shiftKey: true, target: null })).toBe(false);
    expect(isUndoKey({ key: "u", isComposing: true, target: null })).toBe(false);
    expect(isUndoKey({ key: "u", repeat: true, target: null })).toBe(false);
    expect(isUndoKey({ key: "z", target: null })).toBe(false);
    expect(isUndoKey({ key: "u", altKey: true, target: null })).toBe(false);
  });
});

describe("UndoStack", () => {
  it("pops newest first and keeps at most UNDO_LIMIT", () => {
    const s = new UndoStack();
    for (let i = 0; i <= UNDO_LIMIT; i++) s.push({ kind: "rating", dimension: "gold", before: String(i) });
    s.push({ kind: "flag", before: false });
    expect(s.size).toBe(UNDO_LIMIT);
    expect(s.pop()).toEqual({ kind: "flag", before: false });
    expect(s.pop()).toEqual({ kind: "rating", dimension: "gold", before: String(UNDO_LIMIT) });
  });
  it("returns undefined when empty", () => {
    expect(new UndoStack().pop()).toBeUndefined();
  });
});
