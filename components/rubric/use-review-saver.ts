// Binds three save queues (ratings per dimension, the comment, corrections per
// kind and turn — see correctionKey) to React, localStorage and the page lifecycle.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { correctionKey, correctionProposal, parseCorrectionKey, sameCorrection } from "./corrections";
import { browserStorage, createPendingStore, parseCategory, parseComment, parseCorrection } from "./pending-store";
import type { PendingEntry } from "./save-policy";
import { SaveQueue } from "./save-queue";
import type { QueueSnapshot } from "./save-queue-types";
import type { CorrectionKind, CorrectionView, RatingState, ReviewActions, RubricDimensionView } from "./types";

export const COMMENT_KEY = "comment";
export const CORRECTION_KEYS: readonly CorrectionKind[] = ["STEM", "GOLD", "DISTRACTOR", "EVIDENCE", "REMOVE_TURN", "REMOVE"];

type Comment = { comment: string; version: number };

export interface RestoreNotice {
  resent: number;
  stale: number;
  /** Stored values that cannot be sent because the audit is closed. */
  locked: number;
}

interface SaverInput {
  assignmentId: string;
  rubric: RubricDimensionView[];
  ratings: RatingState[];
  comment: Comment;
  corrections: CorrectionView[];
  readOnly: boolean;
  actions: ReviewActions;
}

function useQueue<V, C>(queue: SaveQueue<V, C>): QueueSnapshot<V, C> {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}

function ratingSeed(rubric: RubricDimensionView[], ratings: RatingState[]): Record<string, RatingState> {
  return Object.fromEntries(
    rubric.map((d) => [d.key, ratings.find((r) => r.dimension === d.key) ?? { dimension: d.key, category: null, version: 0 }]),
  );
}

/** Every kind for the whole item (empty unless proposed), plus each saved correction under its (kind, turn) key. */
function correctionSeed(corrections: CorrectionView[]): Record<string, CorrectionView | null> {
  const seed: Record<string, CorrectionView | null> = Object.fromEntries(CORRECTION_KEYS.map((k) => [k, null]));
  for (const c of corrections) seed[correctionKey(c.kind, c.turnOrder ?? 0)] = c;
  return seed;
}

/**
 * Corrections, one queue field per (kind, turn) — see correctionKey — so two corrections of one
 * kind on different turns save, retry and conflict independently. The key decides what is sent.
 */
export function createCorrectionQueue(
  assignmentId: string,
  corrections: CorrectionView[],
  actions: () => ReviewActions,
  persist?: (key: string, entry: PendingEntry<CorrectionView | null> | null) => void,
) {
  return new SaveQueue<CorrectionView | null, CorrectionView | null>(correctionSeed(corrections), {
    send: (key, value, c) => {
      // restore() only admits well-formed keys; the panel only makes them. The version sent is
      // always the last acknowledged one, for a withdrawal as for an edit.
      const { kind, turnOrder } = parseCorrectionKey(key) ?? { kind: key as CorrectionKind, turnOrder: 0 };
      return actions().saveCorrection({
        assignmentId,
        kind,
        turnOrder,
        correction: value && correctionProposal(value, kind),
        expectedVersion: c?.version ?? 0,
      });
    },
    valueOf: (c) => c,
    versionOf: (c) => c?.version ?? 0,
    fallback: () => null,
    equals: sameCorrection,
    ...(persist ? { persist } : {}),
  });
}

export function useReviewSaver(input: SaverInput) {
  const { assignmentId } = input;
  // Latest actions without rebuilding the queues: a parent may pass a new object each render.
  const actionsRef = useRef(input.actions);
  useEffect(() => {
    actionsRef.current = input.actions;
  });

  // Dimensions whose pending value is an undo (use-undo.ts): sent with `undo: true` until the next choice.
  const undoing = useRef(new Set<string>());
  // Created once per mounted panel (the panel is keyed by assignmentId).
  const [store] = useState(() => createPendingStore(browserStorage(), assignmentId));
  const [ratingQ] = useState(
    () =>
      new SaveQueue<string | null, RatingState>(ratingSeed(input.rubric, input.ratings), {
        send: (dimension, category, c) =>
          actionsRef.current.saveRating({
            assignmentId,
            dimension,
            category,
            expectedVersion: c.version,
            ...(undoing.current.has(dimension) ? { undo: true } : {}),
          }),
        valueOf: (c) => c.category,
        versionOf: (c) => c.version,
        fallback: (dimension) => ({ dimension, category: null, version: 0 }),
        persist: (key, entry) => store.write("rating", key, entry),
      }),
  );
  const [commentQ] = useState(
    () =>
      new SaveQueue<string, Comment>(
        { [COMMENT_KEY]: input.comment },
        {
          send: (_key, comment, c) => actionsRef.current.saveComment({ assignmentId, comment, expectedVersion: c.version }),
          valueOf: (c) => c.comment,
          versionOf: (c) => c.version,
          fallback: () => ({ comment: "", version: 0 }),
          persist: (key, entry) => store.write("comment", key, entry),
        },
      ),
  );
  const [correctionQ] = useState(() =>
    createCorrectionQueue(
      assignmentId,
      input.corrections,
      () => actionsRef.current,
      (key, entry) => store.write("correction", key, entry),
    ),
  );

  const ratings = useQueue(ratingQ);
  const comment = useQueue(commentQ);
  const corrections = useQueue(correctionQ);
  const unsaved = ratings.unsaved + comment.unsaved + corrections.unsaved;
  const [restoreNotice, setRestoreNotice] = useState<RestoreNotice | null>(null);

  // Re-send what an earlier page left unacknowledged. In an effect: storage is client-only.
  const restored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount-only by design (the queues and store are created once per page; the restore must run exactly once, later props go through syncConfirmed)
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const stored = {
      rating: store.load("rating", parseCategory),
      comment: store.load("comment", parseComment),
      // Keys this version cannot read (a newer or tampered blob) are not re-sent.
      correction: Object.fromEntries(Object.entries(store.load("correction", parseCorrection)).filter(([key]) => parseCorrectionKey(key))),
    };
    if (input.readOnly) {
      // Kept in storage, not sent: the server would refuse, and deleting them would lose them.
      const locked = Object.keys(stored.rating).length + Object.keys(stored.comment).length + Object.keys(stored.correction).length;
      if (locked > 0) setRestoreNotice({ resent: 0, stale: 0, locked });
      return;
    }
    const reports = [ratingQ.restore(stored.rating), commentQ.restore(stored.comment), correctionQ.restore(stored.correction)];
    const resent = reports.reduce((n, r) => n + r.resent.length, 0);
    const stale = reports.reduce((n, r) => n + r.stale.length, 0);
    if (resent + stale > 0) setRestoreNotice({ resent, stale, locked: 0 });
    // Mount-only by design: later prop changes are handled by syncConfirmed below.
  }, []);

  // Server props refreshed (router.refresh, revalidation): adopt newer versions of clean fields.
  useEffect(() => {
    for (const [key, c] of Object.entries(ratingSeed(input.rubric, input.ratings))) ratingQ.syncConfirmed(key, c);
    commentQ.syncConfirmed(COMMENT_KEY, input.comment);
    for (const [key, c] of Object.entries(correctionSeed(input.corrections))) if (c) correctionQ.syncConfirmed(key, c);
  }, [input.rubric, input.ratings, input.comment, input.corrections, ratingQ, commentQ, correctionQ]);

  // Page lifecycle: send typed text before the tab is hidden, retry when the network returns.
  useEffect(() => {
    const queues = [ratingQ, commentQ, correctionQ];
    const flush = () => queues.forEach((q) => q.flush());
    const onVisibility = () => document.visibilityState === "hidden" && flush();
    const onOnline = () => queues.forEach((q) => q.retryNow());
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", flush);
    window.addEventListener("online", onOnline);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", flush);
      window.removeEventListener("online", onOnline);
      // Unmount (client navigation): send typed text now. Queues are not disposed on purpose:
      // in-flight saves and retries keep going until acknowledged.
      flush();
    };
  }, [ratingQ, commentQ, correctionQ]);

  // Warn before closing or reloading while anything is unacknowledged.
  useEffect(() => {
    if (unsaved === 0) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ""; // older browsers need it set
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);

  const retryAll = () => [ratingQ, commentQ, correctionQ].forEach((q) => q.retryNow());
  /** After signing in again: send what waited for it. */
  const resumeAll = () => [ratingQ, commentQ, correctionQ].forEach((q) => q.resume());
  const flushAll = () => [ratingQ, commentQ, correctionQ].forEach((q) => q.flush());

  /** Sets a rating; `undo` marks it as undoing the last change (cleared by the next ordinary choice). */
  const setRating = (dimension: string, category: string | null, undo = false) => {
    if (undo) undoing.current.add(dimension);
    else undoing.current.delete(dimension);
    ratingQ.set(dimension, category);
  };

  return {
    ratingQ,
    commentQ,
    correctionQ,
    ratings,
    comment,
    corrections,
    unsaved,
    restoreNotice,
    retryAll,
    resumeAll,
    flushAll,
    setRating,
  };
}
