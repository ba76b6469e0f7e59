"use client";
// The rating panel a resident uses for hours: large radio cards per rubric
// dimension, keyboard-first, autosaved with visible state (see save-queue.ts
// for the no-lost-rating guarantees and shortcuts.ts for the key map).
import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CommentBox, COMMENT_DEBOUNCE_MS } from "./comment-box";
import { CorrectionsPanel } from "./corrections-panel";
import { DimensionFieldset } from "./dimension-fieldset";
import { FlagToggle, useFlag } from "./flag-toggle";
import { NextBar } from "./next-bar";
import { revealWithin, usePinnedHeight } from "./pinned-bar";
import { PanelNotices } from "./panel-notices";
import { ShortcutLegend } from "./shortcut-legend";
import { UndoButton } from "./undo-button";
import { useActiveTime } from "./use-active-time";
import { useKeyHold, useNextItem } from "./use-next-item";
import { useShortcutKeys } from "./use-shortcut-keys";
import { useUndo } from "./use-undo";
import { shortcutFor, type ShortcutKeyEvent } from "./shortcuts";
import { summarize } from "./status-text";
import { useLiveMessage } from "./use-live-message";
import { afterOpenChecks, withNetworkErrors } from "./save-actions";
import { correctionKey } from "./corrections";
import type { CorrectionView, RatingState, ReviewActions, RubricDimensionView, TurnOption } from "./types";
import { COMMENT_KEY, useReviewSaver } from "./use-review-saver";

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
  /** "Flag for discussion" as saved (needs actions.setFlag). */
  flagged?: boolean;
  actions: ReviewActions;
  /** Go to the next unrated item; preferred over nextHref when both are given. */
  onNext?: () => void;
  nextHref?: string | null;
  /** Extra controls on the rating bar's last line, before "next item" (e.g. flag, undo). */
  controls?: ReactNode;
  /** Extra rows in the rating bar, under the rubric (kept in view with it). */
  children?: ReactNode;
}

export function RatingPanel(props: RatingPanelProps) {
  // Keyed: another assignment gets fresh queues, storage and keyboard state.
  return <RatingPanelInner key={props.assignmentId} {...props} />;
}

function RatingPanelInner(props: RatingPanelProps) {
  const { assignmentId, rubric, optionLabels, turns, onNext, nextHref } = props;
  const readOnly = props.readOnly ?? false;
  const t = useTranslations("rubric");
  const networkError = t("status.networkError");
  // Saves wait for the shown case's open check (save-actions.ts).
  const actions = useMemo(() => withNetworkErrors(afterOpenChecks(props.actions), networkError), [props.actions, networkError]);
  const saver = useReviewSaver({ ...props, actions, readOnly });
  const { ratings, ratingQ, commentQ, correctionQ } = saver;
  const { keyHold, hold } = useKeyHold();

  const ratingOf = (key: string) => ratings.fields[key]?.value ?? null;
  const rated = rubric.filter((d) => ratingOf(d.key) !== null).length;

  const firstUnrated = rubric.findIndex((d) => ratingOf(d.key) === null);
  const [active, setActive] = useState(Math.max(0, firstUnrated));
  // The keyboard reads the ref: keys replayed in one go (see key-hold.ts) come faster than renders.
  const activeRef = useRef(active);
  const [helpOpen, setHelpOpen] = useState(false);
  const barRef = useRef<HTMLElement>(null);
  const rubricRef = useRef<HTMLDivElement>(null);
  const extrasRef = useRef<HTMLDivElement>(null);
  const fieldsets = useRef<(HTMLFieldSetElement | null)[]>([]);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const allStatuses = [ratings, saver.comment, saver.corrections].flatMap((s) => Object.values(s.fields).map((f) => f.status));
  const summary = summarize(allStatuses, saver.unsaved);
  // From "next" on, this item refuses keys and clicks (the panel turns inert only if the next is slow).
  const next = useNextItem({ assignmentId, onNext, nextHref, keyHold, hold, saver, summary });

  const flag = useFlag(props.assignmentId, props.flagged ?? false, actions.setFlag, readOnly);
  const undo = useUndo(
    {
      rating: (d, before) => {
        saver.setRating(d, before, true);
        const index = rubric.findIndex((x) => x.key === d);
        if (index >= 0) moveTo(index); // back to the question just undone
      },
      flag: (before) => flag.set(before, true),
    },
    !readOnly,
  );
  const toggleFlag = () => {
    if (flag.readOnly || next.leavingRef.current) return;
    undo.record({ kind: "flag", before: flag.flagged });
    flag.set(!flag.flagged);
  };
  useActiveTime(props.assignmentId, props.actions.recordActiveTime, !readOnly);

  const choose = (dimension: string, category: string) => {
    // Leaving for the next item: the keys belong to that item now (key-hold.ts).
    if (readOnly || next.leavingRef.current) return;
    const before = ratingQ.get(dimension).value;
    if (before === category) return; // choosing the chosen is no change (nothing to undo)
    undo.record({ kind: "rating", dimension, before });
    saver.setRating(dimension, category);
  };

  const focusDimension = (index: number) => {
    const fs = fieldsets.current[index];
    const radio =
      fs?.querySelector<HTMLInputElement>("input[type=radio]:checked:not(:disabled)") ??
      fs?.querySelector<HTMLInputElement>("input[type=radio]:not(:disabled)");
    if (radio) radio.focus({ preventScroll: true });
    if (fs && rubricRef.current) revealWithin(rubricRef.current, fs);
  };

  const activate = (index: number) => {
    activeRef.current = index;
    setActive(index);
  };
  const moveTo = (index: number) => {
    const clamped = Math.min(Math.max(index, 0), rubric.length - 1);
    activate(clamped);
    focusDimension(clamped);
  };

  const live = useLiveMessage(summary);

  /** One key, live or replayed; true if it was used. */
  const handleKey = (event: ShortcutKeyEvent): boolean => {
    if (next.leavingRef.current) return false; // the hold takes these; belt and braces
    const allRated = rubric.length > 0 && rubric.every((d) => ratingQ.get(d.key).value !== null);
    const action = shortcutFor(event, { readOnly, allRated, helpOpen });
    if (!action) return false;
    const current = activeRef.current;
    switch (action.type) {
      case "choose": {
        const dimension = rubric[current];
        const category = dimension?.categories[action.index];
        if (!dimension || !category) return false;
        choose(dimension.key, category.key);
        if (current < rubric.length - 1) moveTo(current + 1); // rate a whole item with digits alone
        return true;
      }
      case "dimension":
        moveTo(current + action.delta);
        return true;
      case "next-item":
        if (!next.canGoNext) return false;
        next.requestNext();
        return true;
      case "focus-comment":
        commentRef.current?.focus();
        return true;
      case "toggle-help":
        setHelpOpen((open) => !open);
        return true;
      case "close-help":
        setHelpOpen(false);
        return false; // Escape stays available to others
      case "leave-text": {
        // Only our own text boxes: Escape elsewhere on the page belongs to its owner.
        const target = event.target;
        if (!(target instanceof HTMLElement) || !(barRef.current?.contains(target) || extrasRef.current?.contains(target))) return false;
        target.blur();
        focusDimension(current);
        return false;
      }
    }
  };

  usePinnedHeight(barRef);
  // The first unrated dimension may start below the bar's fold: bring it up once.
  useEffect(() => {
    const fs = fieldsets.current[activeRef.current];
    if (fs && rubricRef.current) revealWithin(rubricRef.current, fs);
  }, []);
  const keysReady = useShortcutKeys(handleKey, { keyHold, assignmentId, leavingRef: next.leavingRef });

  return (
    <>
      {/* Pinned to the bottom of the case column: the question, the gold and the rubric stay in
          view together; the comment and corrections follow it. On wide screens it leaves the case
          19rem (the question and four options at 1280×800), within 40–60% of the column, its
          dimensions scrolling inside it; the column's scroll padding is its height
          (components/case/layout.ts): the case scrolls into view above it, never under. Opaque and
          without a backdrop filter: a blur behind the bar made every frame under it (a choice's
          colour fading in) a filter pass, ~150 ms of compositing per key in a browser without
          a GPU (software rendering, as on many hospital desktops; bench/README.md). */}
      <section
        ref={barRef}
        aria-label={t("panel.label")}
        data-testid="rating-bar"
        data-pinned
        className="sticky bottom-0 z-10 space-y-2 rounded-lg bg-slate-100 p-2 shadow-[0_-4px_12px_-6px_rgba(15,23,42,0.25)] xl:flex xl:max-h-[min(60%,max(40%,calc(100%-19rem)))] xl:flex-col"
        data-keys-ready={keysReady || undefined}
      >
        <PanelNotices
          readOnly={readOnly}
          restore={saver.restoreNotice}
          summary={summary}
          onSignedIn={saver.resumeAll}
          onRetryAll={saver.retryAll}
          dropped={next.dropped}
          onDismissDropped={next.dismissDropped}
        />
        <div ref={rubricRef} className="space-y-2 xl:min-h-0 xl:overflow-y-auto" inert={next.leaving !== null}>
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
                onActivate={() => activate(index)}
                onChoose={(category) => {
                  activate(index);
                  choose(dimension.key, category);
                }}
                onRetry={() => ratingQ.retryNow(dimension.key)}
                onUseMine={(category) => !readOnly && ratingQ.set(dimension.key, category)}
              />
            );
          })}
          {props.children}
        </div>
        <NextBar
          rated={rated}
          total={rubric.length}
          leaving={next.leaving}
          heldKeys={hold.from === assignmentId ? hold.held : 0}
          onStay={next.stay}
          nextHref={onNext ? null : nextHref}
          {...(onNext ? { onNext: next.requestNext } : {})}
          onLinkClick={next.onLinkClick}
          controls={
            <>
              {!readOnly && !flag.readOnly && <FlagToggle flag={flag} onToggle={toggleFlag} />}
              {!readOnly && (
                <UndoButton
                  canUndo={undo.canUndo}
                  last={undo.last}
                  onUndo={() => !next.leavingRef.current && undo.undo()}
                  labelOf={(key) => rubric.find((d) => d.key === key)?.label ?? key}
                />
              )}
              {props.controls}
            </>
          }
        />
        <ShortcutLegend helpOpen={helpOpen} onToggleHelp={() => setHelpOpen((o) => !o)} readOnly={readOnly} />
      </section>

      <div ref={extrasRef} className="space-y-4" inert={next.leaving !== null}>
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
      </div>
    </>
  );
}
