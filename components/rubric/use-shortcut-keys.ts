"use client";
import { type RefObject, useEffect, useEffectEvent, useState } from "react";
import type { HeldKey, KeyHold } from "./key-hold";
import type { ShortcutKeyEvent } from "./shortcuts";
import { useEffectsBeforePaint } from "./use-effects-before-paint";

/**
 * Binds the rating panel's keys on the document: each key goes to `handle` (true: used, its
 * default is prevented), and the keys held while the previous item was being left are replayed
 * first, in order (key-hold.ts). Returns whether the keys are live (`data-keys-ready`).
 */
export function useShortcutKeys(
  handle: (event: ShortcutKeyEvent) => boolean,
  { keyHold, assignmentId, leavingRef }: { keyHold: KeyHold | null; assignmentId: string; leavingRef: RefObject<boolean> },
): boolean {
  const handleKey = useEffectEvent(handle);
  /** Keys typed while the previous item was being left, in order; an `n` among them holds the rest again. */
  const replay = useEffectEvent((keys: HeldKey[]) => {
    for (const [i, key] of keys.entries()) {
      if (leavingRef.current) {
        keys.slice(i).forEach((k) => keyHold?.add(k));
        return;
      }
      handleKey({ key: key.key, target: null });
    }
  });
  // `data-keys-ready` tells tests (and styles) when the shortcuts are live after hydration.
  const [keysReady, setKeysReady] = useState(false);
  // Live in the next case's first frame, the listeners still added in their usual order.
  useEffectsBeforePaint();
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (handleKey(event)) event.preventDefault();
    };
    document.addEventListener("keydown", listener);
    setKeysReady(true);
    const held = keyHold?.claim(assignmentId);
    if (held?.length) replay(held);
    return () => document.removeEventListener("keydown", listener);
  }, [keyHold, assignmentId]);
  return keysReady;
}
