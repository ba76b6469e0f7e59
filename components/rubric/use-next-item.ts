"use client";
// "Next item" for the rating panel: leave at once when every save is in, else send what is typed
// and leave once the server has it all; stay when a save comes back in conflict (the rater must
// see what changed). From the request on this item takes no input: keys are held for the next
// item (key-hold.ts), clicks are refused (and the panel inert once the next item is slow to come).
import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore, type MouseEvent } from "react";
import { IDLE_HOLD, sharedKeyHold, type HoldState, type KeyHold } from "./key-hold";
import type { SaveSummary } from "./status-text";
import type { useReviewSaver } from "./use-review-saver";

const noSubscription = () => () => {};
const idleHold = () => IDLE_HOLD;

/**
 * How long the next item may take before this one says "Opening the next item…" and turns inert.
 * A prefetched item replaces the panel within a frame or two; marking the panel first cost a style
 * pass of its whole subtree on the way (`n` → next). Keys and choices are refused from the request
 * on either way (leavingRef), so nothing reaches the item being left.
 */
export const OPENING_NOTICE_DELAY_MS = 150;

function clearTimer(timer: { current: ReturnType<typeof setTimeout> | null }): void {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}

/** The page's key hold (null where there is none) and where it stands. */
export function useKeyHold(): { keyHold: KeyHold | null; hold: HoldState } {
  const keyHold = sharedKeyHold();
  const hold = useSyncExternalStore(keyHold?.subscribe ?? noSubscription, keyHold?.getSnapshot ?? idleHold, idleHold);
  return { keyHold, hold };
}

interface NextItemInput {
  assignmentId: string;
  onNext?: (() => void) | undefined;
  nextHref?: string | null | undefined;
  keyHold: KeyHold | null;
  hold: HoldState;
  saver: ReturnType<typeof useReviewSaver>;
  summary: SaveSummary;
}

export function useNextItem({ assignmentId, onNext, nextHref, keyHold, hold, saver, summary }: NextItemInput) {
  const router = useRouter();
  const canGoNext = Boolean(onNext || nextHref);
  /** Set while "next item" waits for saves to finish: the time it was asked. */
  const [nextRequestedAt, setNextRequestedAt] = useState<number | null>(null);
  /** Navigation to the next item has started; this panel only waits to be replaced. */
  const [opening, setOpening] = useState(false);
  const leavingRef = useRef(false);
  const [dropped, setDropped] = useState(0);
  const openingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const leaving: "opening" | "saving" | null = opening ? "opening" : nextRequestedAt !== null ? "saving" : null;

  /** `marked`: the panel already shows it is leaving (it waited for saves): it stays so. */
  const go = (marked: boolean) => {
    if (onNext || marked) setOpening(true);
    else openingTimer.current ??= setTimeout(() => setOpening(true), OPENING_NOTICE_DELAY_MS);
    if (onNext) onNext();
    else if (nextHref) router.push(nextHref);
  };
  // Replaced by the next item (or gone): the notice is not for anyone.
  useEffect(() => () => clearTimer(openingTimer), []);

  /** From here on this item takes no input: keys wait for the next item, clicks are refused. */
  const requestNext = () => {
    if (!canGoNext || leavingRef.current) return;
    leavingRef.current = true;
    keyHold?.start(assignmentId);
    // Ask the queues, not the last render: a digit and "n" can arrive before React re-renders.
    if (![saver.ratingQ, saver.commentQ, saver.correctionQ].some((q) => q.hasUnsaved())) return go(false);
    // Leaving now would strand a save: send typed text, then go once the server has everything.
    saver.flushAll();
    setNextRequestedAt(Date.now());
  };

  const stay = () => {
    clearTimer(openingTimer);
    leavingRef.current = false;
    setNextRequestedAt(null);
    setOpening(false);
    const count = keyHold?.cancel() ?? 0;
    if (count > 0) setDropped(count);
  };

  // The hold gave up (the next item never came): this item is usable again, and says what was dropped.
  useEffect(() => {
    if (leavingRef.current && hold.from !== assignmentId) {
      clearTimer(openingTimer);
      leavingRef.current = false;
      setNextRequestedAt(null);
      setOpening(false);
      if (hold.dropped) setDropped(hold.dropped.count);
    }
  }, [hold, assignmentId]);

  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // new tab/window: let the browser do it
    e.preventDefault();
    requestNext();
  };

  const afterSaves = useEffectEvent(() => {
    if (nextRequestedAt === null) return;
    if (summary.lastConflictAt >= nextRequestedAt)
      stay(); // the user must see what changed
    else if (saver.unsaved === 0) {
      setNextRequestedAt(null);
      go(true);
    }
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the triggers (a Next request, each save settling); afterSaves is an effect event that reads the latest state
  useEffect(() => afterSaves(), [nextRequestedAt, saver.unsaved]);

  return { canGoNext, leaving, leavingRef, requestNext, stay, onLinkClick, dropped, dismissDropped: () => setDropped(0) };
}
