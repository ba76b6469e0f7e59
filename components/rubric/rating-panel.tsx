"use client";
// The rating panel a resident uses for hours: large radio cards per rubric
// dimension, keyboard-first, autosaved with visible state (see save-queue.ts
// for the no-lost-rating guarantees and shortcuts.ts for the key map).
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useMemo, useRef, useState, type MouseEvent } from "react";
import { Button } from "../ui/button";
import { CommentBox, COMMENT_DEBOUNCE_MS } from "./comment-box";
import { CorrectionsPanel } from "./corrections-panel";
import { DimensionFieldset } from "./dimension-fieldset";
import { ShortcutLegend } from "./shortcut-legend";
import { shortcutFor } from "./shortcuts";
import { SignedOutNotice } from "../auth/signed-out-notice";
import { liveMessage, summarize, type LiveMessage } from "./status-text";
import { correctionKey } from "./corrections";
import type { CorrectionView, RatingState, ReviewActions, RubricDimensionView, TurnOption } from "./types";
import { COMMENT_KEY, useReviewSaver, type RestoreNotice } from "./use-review-saver";

export interface RatingPanelProps {
  assignmentId: string;
  rubric: RubricDimensionView[];
  ratings: RatingState[];
  comment: { comment: string; version: number };
  /** At most one per (kind, turnOrder); turnOrder 0 = the whole item. */
  corrections: CorrectionView[];
  /** e.g. ["A","B","C","D"], for the new-gold and distractor pickers; [] for open questions. */
  optionLabels: string[];
  /** Conversations: the turns a correction can name (REMOVE is always about the whole item). */
  turns?: TurnOption[];
  /** Audit closed: everything is shown but locked. */
  readOnly?: boolean;
  actions: ReviewActions;
  /** Go to the next unrated item; preferred over nextHref when both are given. */
  onNext?: () => void;
  nextHref?: string | null;
}

export function RatingPanel(props: RatingPanelProps) {
  // Keyed: another assignment gets fresh queues, storage and keyboard state.
  return <RatingPanelInner key={props.assignmentId} {...props} />;
}

/**
 * Server actions that throw (the network is down, the server restarted) answer like a refused
 * save, in the reader's words, so the queue retries and the status says why.
 */
export function withNetworkErrors(actions: ReviewActions, message: string): ReviewActions {
  const guard =
    <I, T>(action: (input: I) => Promise<T>) =>
    (input: I) =>
      action(input).catch(() => ({ ok: false as const, error: message }));
  return { saveRating: guard(actions.saveRating), saveComment: guard(actions.saveComment), saveCorrection: guard(actions.saveCorrection) };
}

function RestoreBanner({ notice, onDismiss }: { notice: RestoreNotice; onDismiss(): void }) {
  const t = useTranslations("rubric.restore");
  const parts = [
    notice.resent > 0 && t("resent", { count: notice.resent }),
    notice.stale > 0 && t("stale", { count: notice.stale }),
    notice.locked > 0 && t("locked", { count: notice.locked }),
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800">
      <p>
        <span aria-hidden="true">ℹ </span>
        {parts.join(" ")}
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
        {t("dismiss")}
      </Button>
    </div>
  );
}

function RatingPanelInner(props: RatingPanelProps) {
  const { rubric, optionLabels, turns, onNext, nextHref } = props;
  const readOnly = props.readOnly ?? false;
  const t = useTranslations("rubric");
  const router = useRouter();
  const networkError = t("status.networkError");
  const actions = useMemo(() => withNetworkErrors(props.actions, networkError), [props.actions, networkError]);
  const saver = useReviewSaver({ ...props, actions, readOnly });
  const { ratings, ratingQ, commentQ, correctionQ } = saver;

  const valueOf = (key: string) => ratings.fields[key]?.value ?? null;
  const rated = rubric.filter((d) => valueOf(d.key) !== null).length;
  const allRated = rubric.length > 0 && rated === rubric.length;
  const canGoNext = Boolean(onNext || nextHref);

  const [active, setActive] = useState(() => Math.max(0, rubric.findIndex((d) => valueOf(d.key) === null)));
  const [helpOpen, setHelpOpen] = useState(false);
  const [dismissedRestore, setDismissedRestore] = useState(false);
  /** Set while "next item" waits for saves to finish: the time it was asked. */
  const [nextRequestedAt, setNextRequestedAt] = useState<number | null>(null);
  const rootRef = useRef<HTMLElement>(null);
  const fieldsets = useRef<(HTMLFieldSetElement | null)[]>([]);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const allStatuses = [ratings, saver.comment, saver.corrections].flatMap((s) => Object.values(s.fields).map((f) => f.status));
  const summary = summarize(allStatuses, saver.unsaved);

  const choose = (dimension: string, category: string) => {
    if (!readOnly) ratingQ.set(dimension, category);
  };

  const focusDimension = (index: number) => {
    const fs = fieldsets.current[index];
    const radio = fs?.querySelector<HTMLInputElement>("input[type=radio]:checked:not(:disabled)") ?? fs?.querySelector<HTMLInputElement>("input[type=radio]:not(:disabled)");
    if (radio) radio.focus();
    fs?.scrollIntoView({ block: "nearest" });
  };

  const moveTo = (index: number) => {
    const clamped = Math.min(Math.max(index, 0), rubric.length - 1);
    setActive(clamped);
    focusDimension(clamped);
  };

  const go = () => {
    if (onNext) onNext();
    else if (nextHref) router.push(nextHref);
  };

  const requestNext = () => {
    if (!canGoNext) return;
    // Ask the queues, not the last render: a digit and "n" can arrive before React re-renders.
    if (![ratingQ, commentQ, correctionQ].some((q) => q.hasUnsaved())) return go();
    // Leaving now would strand a save: send typed text, then go once the server has everything.
    saver.flushAll();
    setNextRequestedAt(Date.now());
  };

  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // new tab/window: let the browser do it
    e.preventDefault();
    requestNext();
  };

  const afterSaves = useEffectEvent(() => {
    if (nextRequestedAt === null) return;
    if (summary.lastConflictAt >= nextRequestedAt) setNextRequestedAt(null); // stay: the user must see what changed
    else if (saver.unsaved === 0) {
      setNextRequestedAt(null);
      go();
    }
  });
  useEffect(() => afterSaves(), [nextRequestedAt, saver.unsaved]);

  // Announce only trouble and recovery (see liveMessage).
  const [live, setLive] = useState<LiveMessage | null>(null);
  const prevSummary = useRef(summary);
  useEffect(() => {
    const message = liveMessage(prevSummary.current, summary);
    prevSummary.current = summary;
    if (message) setLive(message);
    // Keyed on the summary's numbers: the object itself is new every render.
  }, [summary.failing, summary.signedOut, summary.lastConflictAt, summary.unsaved]);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const action = shortcutFor(event, { readOnly, allRated, helpOpen });
    if (!action) return;
    switch (action.type) {
      case "choose": {
        const dimension = rubric[active];
        const category = dimension?.categories[action.index];
        if (!dimension || !category) return;
        event.preventDefault();
        choose(dimension.key, category.key);
        if (active < rubric.length - 1) moveTo(active + 1); // rate a whole item with digits alone
        return;
      }
      case "dimension":
        event.preventDefault();
        return moveTo(active + action.delta);
      case "next-item":
        if (!canGoNext) return;
        event.preventDefault();
        return requestNext();
      case "focus-comment":
        event.preventDefault();
        return commentRef.current?.focus();
      case "toggle-help":
        event.preventDefault();
        return setHelpOpen((open) => !open);
      case "close-help":
        return setHelpOpen(false);
      case "leave-text": {
        // Only our own text boxes: Escape elsewhere on the page belongs to its owner.
        const target = event.target;
        if (!(target instanceof HTMLElement) || !rootRef.current?.contains(target)) return;
        target.blur();
        return focusDimension(active);
      }
    }
  });
  // `data-keys-ready` tells tests (and styles) when the shortcuts are live after hydration.
  const [keysReady, setKeysReady] = useState(false);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener("keydown", listener);
    setKeysReady(true);
    return () => document.removeEventListener("keydown", listener);
  }, []);

  const nextLabel = allRated ? t("panel.nextItem") : t("panel.skipToNext");
  const nextClass = allRated ? "" : "text-slate-700";

  return (
    <section ref={rootRef} aria-label={t("panel.label")} className="space-y-4" data-keys-ready={keysReady || undefined}>
      {readOnly && (
        <p className="rounded-lg border border-slate-300 bg-slate-100 p-3 text-sm font-medium text-slate-800">
          <span aria-hidden="true">🔒 </span>
          {t("panel.closed")}
        </p>
      )}
      {saver.restoreNotice && !dismissedRestore && <RestoreBanner notice={saver.restoreNotice} onDismiss={() => setDismissedRestore(true)} />}
      {summary.signedOut > 0 && <SignedOutNotice count={summary.signedOut} onSignedIn={saver.resumeAll} />}
      {summary.failing > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            <span aria-hidden="true">⚠ </span>
            {t("panel.failing", { count: summary.failing })}
          </p>
          <Button type="button" variant="secondary" size="sm" onClick={saver.retryAll}>
            {t("panel.retryAll")}
          </Button>
        </div>
      )}
      <ShortcutLegend helpOpen={helpOpen} onToggleHelp={() => setHelpOpen((o) => !o)} readOnly={readOnly} />

      {rubric.length === 0 && <p className="text-sm text-slate-600">{t("panel.noDimensions")}</p>}
      {rubric.map((dimension, index) => {
        const view = ratings.fields[dimension.key] ?? ratingQ.get(dimension.key);
        return (
          <DimensionFieldset
            key={dimension.key}
            fieldsetRef={(el) => {
              fieldsets.current[index] = el;
            }}
            dimension={dimension}
            value={view.value}
            status={view.status}
            active={index === active}
            readOnly={readOnly}
            onActivate={() => setActive(index)}
            onChoose={(category) => {
              setActive(index);
              choose(dimension.key, category);
            }}
            onRetry={() => ratingQ.retryNow(dimension.key)}
            onUseMine={(category) => !readOnly && ratingQ.set(dimension.key, category)}
          />
        );
      })}

      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <p className="text-sm text-slate-800">
          {allRated && <span aria-hidden="true">✓ </span>}
          {t.rich("panel.rated", { rated, total: rubric.length, strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        {nextRequestedAt !== null && (
          <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
            {t("panel.movingNext")}
            <Button type="button" variant="ghost" size="sm" onClick={() => setNextRequestedAt(null)}>
              {t("panel.stayHere")}
            </Button>
          </p>
        )}
        {canGoNext &&
          (onNext || !nextHref ? (
            <Button type="button" variant={allRated ? "primary" : "ghost"} className={nextClass} onClick={requestNext} aria-keyshortcuts="n">
              {nextLabel} <kbd className="font-mono text-xs opacity-80">(n)</kbd>
            </Button>
          ) : (
            <a
              href={nextHref}
              onClick={onLinkClick}
              aria-keyshortcuts="n"
              className={`inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-medium ${
                allRated ? "bg-accent text-white hover:bg-accent-strong" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {nextLabel} <kbd className="font-mono text-xs opacity-80">(n)</kbd>
            </a>
          ))}
      </div>

      <CommentBox
        textareaRef={commentRef}
        value={saver.comment.fields[COMMENT_KEY]?.value ?? ""}
        status={(saver.comment.fields[COMMENT_KEY] ?? commentQ.get(COMMENT_KEY)).status}
        readOnly={readOnly}
        onChange={(text) => commentQ.set(COMMENT_KEY, text, COMMENT_DEBOUNCE_MS)}
        onBlur={() => commentQ.flush(COMMENT_KEY)}
        onRetry={() => commentQ.retryNow(COMMENT_KEY)}
        onUseMine={(text) => !readOnly && commentQ.set(COMMENT_KEY, text)}
      />
      <CorrectionsPanel
        snapshot={saver.corrections}
        optionLabels={optionLabels}
        {...(turns ? { turns } : {})}
        readOnly={readOnly}
        onSave={(kind, turnOrder, correction) => !readOnly && correctionQ.set(correctionKey(kind, turnOrder), correction)}
        onRetry={(kind, turnOrder) => correctionQ.retryNow(correctionKey(kind, turnOrder))}
      />
      <p aria-live="polite" className="sr-only">
        {live && t(live)}
      </p>
    </section>
  );
}
