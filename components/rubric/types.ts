// Contract with the server (review actions). Keep in sync with the server
// actions that implement ReviewActions; the rating UI depends on nothing else.

export interface RubricCategoryView {
  key: string;
  label: string;
  description?: string;
}
export interface RubricDimensionView {
  key: string;
  label: string;
  question?: string;
  categories: RubricCategoryView[];
}
export interface RatingState {
  dimension: string;
  category: string | null;
  version: number;
}
export type CorrectionKind = "STEM" | "GOLD" | "DISTRACTOR" | "EVIDENCE" | "REMOVE_TURN" | "REMOVE";
/** turnOrder: the conversation turn the correction is about (turn_order); 0 = the whole item (MCQs, REMOVE). */
export interface CorrectionView {
  id?: string;
  kind: CorrectionKind;
  turnOrder: number;
  proposal: string /* free text: new stem / new gold label + text / distractor fix / evidence fix */;
  newGold?: string | null /* option label when kind = GOLD */;
  rationale: string;
  version: number;
}
/** A conversation turn a correction can name (the review page builds these from the item). */
export interface TurnOption {
  turnOrder: number /** "Turn 3 · content: <question start>" */;
  label: string;
  optionLabels: string[] /** When given, EVIDENCE is offered for source turns only. */;
  turnType?: "content" | "source";
}
/** What a save sends of a correction: its content only (the server refuses unknown keys). */
export type CorrectionProposal = Pick<CorrectionView, "kind" | "proposal" | "newGold" | "rationale">;
/** signedOut: the session ended; the value is kept and sent again after sign-in (SaveQueue.resume). */
export type SaveResult<T> = { ok: true; data: T } | { ok: false; error: string; conflict?: { current: T }; signedOut?: boolean };
export interface ReviewActions {
  /** `undo`: the value restores the one before the rater's last change (the audit trail says so). */
  saveRating(input: {
    assignmentId: string;
    dimension: string;
    category: string | null;
    expectedVersion: number;
    undo?: boolean;
  }): Promise<SaveResult<RatingState>>;
  saveComment(input: {
    assignmentId: string;
    comment: string;
    expectedVersion: number;
  }): Promise<SaveResult<{ comment: string; version: number }>>;
  /** One correction per (kind, turnOrder) and assignment. */
  /** Every change, a withdrawal too, names the version last seen (compare-and-set). */
  saveCorrection(input: {
    assignmentId: string;
    correction: CorrectionProposal | null /* null = withdraw */;
    kind: CorrectionKind;
    turnOrder: number;
    expectedVersion: number;
  }): Promise<SaveResult<CorrectionView | null>>;
  /** "Flag for discussion" (flag-toggle.tsx); without it the toggle is not offered. */
  setFlag?(input: { assignmentId: string; flagged: boolean; undo?: boolean }): Promise<SaveResult<{ flagged: boolean }>>;
  /** Active time on the item (use-active-time.ts); without it nothing is measured. */
  recordActiveTime?(input: { assignmentId: string; ms: number }): Promise<unknown>;
}
