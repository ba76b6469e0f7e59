// Undo of the rater's last change on this item (a rating or the discussion flag), by Ctrl+Z / ⌘Z
// or "u" when focus is not in a text field (there Ctrl+Z undoes typing, as it should). Each change
// is undone by saving the value before it through the normal save path, marked as an undo so the
// audit trail says so. The stack lives with the mounted panel: one item, this visit.
import { useEffect, useEffectEvent, useState } from "react";
import { isTextEntry, type ShortcutKeyEvent } from "./shortcuts";

export type UndoableChange = { kind: "rating"; dimension: string; before: string | null } | { kind: "flag"; before: boolean };

export const UNDO_LIMIT = 100;

/** Pure: whether a key event asks for undo. */
export function isUndoKey(event: ShortcutKeyEvent & { shiftKey?: boolean }): boolean {
  if (event.isComposing || event.defaultPrevented || event.altKey || event.shiftKey) return false;
  if (isTextEntry(event.target)) return false;
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) return key === "z" && !(event.ctrlKey && event.metaKey);
  return key === "u" && !event.repeat;
}

/** Pure stack of changes, newest last, at most UNDO_LIMIT kept. */
export class UndoStack {
  private changes: UndoableChange[] = [];
  push(change: UndoableChange): void {
    this.changes.push(change);
    if (this.changes.length > UNDO_LIMIT) this.changes.shift();
  }
  pop(): UndoableChange | undefined {
    return this.changes.pop();
  }
  get size(): number {
    return this.changes.length;
  }
}

export interface UndoHandlers {
  rating(dimension: string, before: string | null): void;
  flag(before: boolean): void;
}

/** Records changes and undoes the last one (by key or `undo()`); `last` is what was just undone. */
export function useUndo(handlers: UndoHandlers, enabled: boolean) {
  const [stack] = useState(() => new UndoStack());
  const [size, setSize] = useState(0);
  const [last, setLast] = useState<UndoableChange | null>(null);
  const record = (change: UndoableChange) => {
    stack.push(change);
    setSize(stack.size);
    setLast(null);
  };
  const undo = () => {
    const change = stack.pop();
    setSize(stack.size);
    if (!change) return false;
    if (change.kind === "rating") handlers.rating(change.dimension, change.before);
    else handlers.flag(change.before);
    setLast(change);
    return true;
  };
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!enabled || !isUndoKey(event)) return;
    event.preventDefault();
    undo();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
  return { record, undo, canUndo: enabled && size > 0, last };
}
