// Wording of save states, and what the polite live region announces. Pure so
// the wording rules ("never say Saved before the ack", "not too chatty") are tested.
import type { FieldStatus } from "./save-queue";

export const CONFLICT_NOTICE = "Changed in another tab or window — showing the latest saved value.";

export type StatusTone = "muted" | "saved" | "warning" | "notice";

export interface StatusLine {
  text: string;
  tone: StatusTone;
  /** Offer "Retry now". */
  canRetry: boolean;
  /** Offer "Use my version" (after a conflict). */
  canUseMine: boolean;
}

export function formatClock(ms: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(ms);
}

export function statusLine(status: FieldStatus<unknown>, hasValue: boolean, clock: (ms: number) => string = formatClock): StatusLine {
  const line = (text: string, tone: StatusTone, canRetry = false, canUseMine = false) => ({ text, tone, canRetry, canUseMine });
  switch (status.kind) {
    case "idle":
      // Loaded from the server: it is saved, but we do not know when.
      return line(hasValue ? "Saved" : "", "muted");
    case "pending":
      return line("Editing — saves automatically", "muted");
    case "saving":
      return status.failures > 0 ? line(`Not saved — retrying (${status.failures})…`, "warning") : line("Saving…", "muted");
    case "saved":
      return line(`Saved ${clock(status.at)}`, "saved");
    case "retrying":
      return line(`Not saved — retrying (${status.failures})…`, "warning", true);
    case "conflict":
      return line(CONFLICT_NOTICE, "notice", false, true);
  }
}

export interface SaveSummary {
  unsaved: number;
  failing: number;
  lastConflictAt: number;
}

export function summarize(statuses: Iterable<FieldStatus<unknown>>, unsaved: number): SaveSummary {
  let failing = 0;
  let lastConflictAt = 0;
  for (const s of statuses) {
    if (s.kind === "retrying" || (s.kind === "saving" && s.failures > 0)) failing += 1;
    if (s.kind === "conflict") lastConflictAt = Math.max(lastConflictAt, s.at);
  }
  return { unsaved, failing, lastConflictAt };
}

/**
 * What the live region should say when the summary changes, or null.
 * Only trouble and recovery are announced; routine "Saving… Saved" after every
 * click would talk over the screen reader reading the item.
 */
export function liveMessage(prev: SaveSummary, next: SaveSummary): string | null {
  if (next.lastConflictAt > prev.lastConflictAt) return CONFLICT_NOTICE;
  if (next.failing > 0 && prev.failing === 0) return "Not saved — retrying automatically. Your changes are kept in this browser.";
  if (prev.failing > 0 && next.failing === 0 && next.unsaved === 0) return "All changes saved.";
  return null;
}
