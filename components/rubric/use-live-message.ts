"use client";
import { useEffect, useRef, useState } from "react";
import { liveMessage, type LiveMessage, type SaveSummary } from "./status-text";

/** What the panel's live region says: only trouble and recovery (see liveMessage), the last one kept. */
export function useLiveMessage(summary: SaveSummary): LiveMessage | null {
  const [live, setLive] = useState<LiveMessage | null>(null);
  const prevSummary = useRef(summary);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the summary's numbers, since the summary object is new every render
  useEffect(() => {
    const message = liveMessage(prevSummary.current, summary);
    prevSummary.current = summary;
    if (message) setLive(message);
  }, [summary.failing, summary.signedOut, summary.lastConflictAt, summary.unsaved]);
  return live;
}
