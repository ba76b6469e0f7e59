// The change an adjudicator applies, apart from apply.ts: the revision summary (and through it
// lib/reports/revisions.ts, which apply.ts uses) reads it without importing the applier back.

/** A correction as applied by the adjudicator (accepted as proposed, or edited). */
export type AppliedChange =
  | { kind: "STEM"; question: string; turnOrder?: number }
  | { kind: "GOLD"; answer: string; turnOrder?: number }
  | { kind: "DISTRACTOR"; label: string; text: string; turnOrder?: number }
  | { kind: "EVIDENCE"; evidenceEventIds: string[]; evidenceText?: string; turnOrder?: number }
  | { kind: "EVIDENCE"; answer: string; turnOrder: number }
  | { kind: "REMOVE_TURN"; turnOrder: number }
  | { kind: "REMOVE" };
