"use client";
// The case page's link with the router: it asks for the next cases ahead of time (so `n` shows
// the next one at once) and, when a page the browser kept is shown, tells the server so.
import { useRouter } from "next/navigation";
// Not re-exported by next/navigation; router.prefetch's own option type (next 16's segment cache:
// FULL fetches the whole dynamic page, data included, and keeps it for staleTimes.static).
import { PrefetchKind } from "next/dist/client/components/router-reducer/router-reducer-types";
import { useEffect, useEffectEvent } from "react";
import { openCheckStarted } from "@/components/rubric/save-actions";

export interface CaseOpenedProps {
  assignmentId: string;
  /** The state the page was rendered from (loadCasePage's stamp). */
  stamp: string;
  /** The page was rendered for the router (prefetch or client navigation): its view is not logged yet. */
  logView: boolean;
  /** The next cases in the queue, prefetched whole while this one is read. */
  prefetch: string[];
}

/** app/api/review/open: a route, so that it never waits in (or holds up) the router's queue of server actions. */
async function open(input: {
  assignmentId: string;
  stamp: string;
  logView: boolean;
}): Promise<{ ok: boolean; data?: { current: boolean } }> {
  const res = await fetch("/api/review/open", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  return res.ok ? ((await res.json()) as { ok: boolean; data?: { current: boolean } }) : { ok: false };
}

export function CaseOpened({ assignmentId, stamp, logView, prefetch }: CaseOpenedProps) {
  const router = useRouter();

  // Once per case shown (a refresh re-renders with a new stamp but is the same view): the view
  // goes to the access log, and a page whose state changed since it was sent (ratings saved in
  // another tab, the audit closed, the queue moved on) is rendered again. The save queues adopt
  // the newer versions of fields left untouched (use-review-saver's syncConfirmed).
  const opened = useEffectEvent(() => {
    const check = open({ assignmentId, stamp, logView });
    openCheckStarted(assignmentId, check); // the rater's saves on this case wait for the answer
    void check.then(
      (result) => {
        if (result.ok && result.data?.current === false) router.refresh();
      },
      () => {}, // offline: the page stays as it is; saves say why they fail
    );
  });
  // At once, not when the browser is idle: the answer compares the page's state with the server's,
  // and the rater's own first save (a key pressed right after `n`) waits for it
  // (save-actions.ts), or the page would be rendered again for a change it made itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trigger is the case shown (opened is an effect event that reads the rest)
  useEffect(() => opened(), [assignmentId]);

  const hrefs = prefetch.join(" ");
  // Asked again when the page is rendered from a newer state (`stamp`: the refresh above drops
  // every copy the router kept, and the router does not always ask again by itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the hrefs' text (a new array every render) and the stamp
  useEffect(() => {
    let gone = false;
    // Asked again when the router drops it (stale after staleTimes.static, or evicted) while this page is shown.
    const ask = (href: string) => router.prefetch(href, { kind: PrefetchKind.FULL, onInvalidate: () => gone || ask(href) });
    for (const href of prefetch) ask(href);
    return () => {
      gone = true;
    };
  }, [hrefs, stamp, router]);
  return null;
}
