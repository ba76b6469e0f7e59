// Wording of save states, and what the polite live region announces. Pure so
// the wording rules ("never say Saved before the ack", "not too chatty") are tested;
// the words themselves are catalog messages (rubric.status.*, rubric.live.*).
import type { FieldStatus } from "./save-queue-types";

export type StatusTone = "muted" | "saved" | "warning" | "notice";

/** A message of rubric.status with its values; `savedAt` carries the time to format. */
export type StatusMessage =
  | { key: "saved" | "editing" | "saving" | "conflict" | "signedOut" }
  | { key: "retrying"; failures: number }
  | { key: "savedAt"; at: number };

export interface StatusLine {
  /** Null: nothing to say (an empty field loaded from the server). */
  message: StatusMessage | null;
  tone: StatusTone;
  /** Offer "Retry now". */
  canRetry: boolean;
  /** Offer "Use my version" (after a conflict). */
  canUseMine: boolean;
}

export function statusLine(status: FieldStatus<unknown>, hasValue: boolean): StatusLine {
  const line = (message: StatusMessage | null, tone: StatusTone, canRetry = false, canUseMine = false) => ({
    message,
    tone,
    canRetry,
    canUseMine,
  });
  switch (status.kind) {
    case "idle":
      // Loaded from the server: it is saved, but we do not know when.
      return line(hasValue ? { key: "saved" } : null, "muted");
    case "pending":
      return line({ key: "editing" }, "muted");
    case "saving":
      return status.failures > 0 ? line({ key: "retrying", failures: status.failures }, "warning") : line({ key: "saving" }, "muted");
    case "saved":
      return line({ key: "savedAt", at: status.at }, "saved");
    case "retrying":
      return line({ key: "retrying", failures: status.failures }, "warning", true);
    case "conflict":
      return line({ key: "conflict" }, "notice", false, true);
    case "signedOut":
      return line({ key: "signedOut" }, "warning");
  }
}

export interface SaveSummary {
  unsaved: number;
  failing: number;
  /** Fields waiting for the user to sign in again. */
  signedOut: number;
  lastConflictAt: number;
}

export function summarize(statuses: Iterable<FieldStatus<unknown>>, unsaved: number): SaveSummary {
  let failing = 0;
  let signedOut = 0;
  let lastConflictAt = 0;
  for (const s of statuses) {
    if (s.kind === "signedOut") signedOut += 1;
    if (s.kind === "retrying" || (s.kind === "saving" && s.failures > 0)) failing += 1;
    if (s.kind === "conflict") lastConflictAt = Math.max(lastConflictAt, s.at);
  }
  return { unsaved, failing, signedOut, lastConflictAt };
}

/** What the live region says: rubric.status.conflict, rubric.live.failing, rubric.live.signedOut or rubric.live.recovered. */
export type LiveMessage = "status.conflict" | "live.failing" | "live.signedOut" | "live.recovered";

/**
 * What the live region should say when the summary changes, or null.
 * Only trouble and recovery are announced; routine "Saving… Saved" after every
 * click would talk over the screen reader reading the item.
 */
export function liveMessage(prev: SaveSummary, next: SaveSummary): LiveMessage | null {
  if (next.lastConflictAt > prev.lastConflictAt) return "status.conflict";
  if (next.signedOut > 0 && prev.signedOut === 0) return "live.signedOut";
  if (next.failing > 0 && prev.failing === 0) return "live.failing";
  if ((prev.failing > 0 || prev.signedOut > 0) && next.failing === 0 && next.signedOut === 0 && next.unsaved === 0) return "live.recovered";
  return null;
}
