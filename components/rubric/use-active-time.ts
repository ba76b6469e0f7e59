// Binds an ActiveTimeTracker to the page (input, visibility, focus) and reports what it measured
// to the server every REPORT_EVERY_MS, when the page is hidden or left, and when the item changes.
// `bindActiveTime` is framework-free (testable with fake timers and plain EventTargets); the hook
// is its React wrapper.
import { useEffect, useRef } from "react";
import { ActiveTimeTracker } from "./active-time";

export const REPORT_EVERY_MS = 15_000;
// What a rater does. Not "scroll": the record viewer scrolls by itself (its virtualizer corrects
// the offset as rows are measured, jumps re-aim), and a rater's own scrolling always comes with a
// wheel, key, pointer or touch event; counting scroll events let an unattended page stay active.
const INPUT_EVENTS = ["keydown", "pointerdown", "pointermove", "wheel", "touchstart"] as const;

export interface PageLike {
  document: EventTarget & { visibilityState: string; hasFocus(): boolean };
  window: EventTarget;
  now(): number;
}

/** Starts measuring; returns a function that stops and reports the rest. `report` may reject. */
export function bindActiveTime(page: PageLike, report: (ms: number) => Promise<unknown>, everyMs = REPORT_EVERY_MS): () => void {
  const { document: doc, window: win } = page;
  const tracker = new ActiveTimeTracker(page.now(), { visible: doc.visibilityState === "visible", focused: doc.hasFocus() });
  const flush = () => {
    const ms = tracker.take(page.now());
    // A failed report (network) is not lost: it goes with the next one.
    if (ms > 0) report(ms).catch(() => tracker.giveBack(ms));
  };
  const onInput = () => tracker.input(page.now());
  const onVisibility = () => {
    tracker.setVisible(doc.visibilityState === "visible", page.now());
    if (doc.visibilityState !== "visible") flush();
  };
  const onFocus = () => tracker.setFocused(true, page.now());
  const onBlur = () => tracker.setFocused(false, page.now());
  const options = { capture: true, passive: true };
  for (const type of INPUT_EVENTS) win.addEventListener(type, onInput, options);
  doc.addEventListener("visibilitychange", onVisibility);
  win.addEventListener("focus", onFocus);
  win.addEventListener("blur", onBlur);
  win.addEventListener("pagehide", flush);
  const timer = setInterval(flush, everyMs);
  return () => {
    clearInterval(timer);
    for (const type of INPUT_EVENTS) win.removeEventListener(type, onInput, options);
    doc.removeEventListener("visibilitychange", onVisibility);
    win.removeEventListener("focus", onFocus);
    win.removeEventListener("blur", onBlur);
    win.removeEventListener("pagehide", flush);
    flush();
  };
}

/** Measures active time on one assignment while mounted (nothing when `enabled` is false). */
export function useActiveTime(
  assignmentId: string,
  report: ((input: { assignmentId: string; ms: number }) => Promise<unknown>) | undefined,
  enabled = true,
) {
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  });
  useEffect(() => {
    if (!enabled || !reportRef.current) return;
    return bindActiveTime({ document, window, now: () => Date.now() }, (ms) => reportRef.current!({ assignmentId, ms }));
  }, [assignmentId, enabled]);
}
