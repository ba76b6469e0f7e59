"use client";
// The record one render after the case. On a client-side move to the next case (`n`) the record
// viewer is most of the page's work (its rows or notes rendered, measured and laid out, the jump
// to the cutoff day): rendered with the rest, it held the question, the gold and the live rating
// keys back by that much. Here the case and the rating bar are committed first, with an empty
// frame of the record's size, and the viewer follows at once in a deferred render (React's own
// lane for it: interruptible, so a key pressed meanwhile is handled first, and not held back by
// the rating's save still in flight, as a startTransition would be). A page loaded as a document
// renders the record with the rest (in the server's HTML, hydrated as it is).
import { useDeferredValue, useSyncExternalStore, type ReactNode } from "react";
import { cn } from "../ui/cn";

const noSubscription = () => () => {};

export function DeferredRecord({ className, children }: { className: string; children: ReactNode }) {
  // True on the server and while hydrating; false when mounted by a client-side navigation.
  const fromServer = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const shown = useDeferredValue(true, fromServer);
  if (shown) return children;
  return <div className={cn("rounded-lg border border-slate-200 bg-white", className)} aria-busy="true" data-testid="record-pending" />;
}
