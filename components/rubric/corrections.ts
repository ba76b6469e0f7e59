// Pure helpers for the structured-correction form: the form edits a flat
// draft; the server stores CorrectionView (free-text proposal + newGold).
// Conversations: every kind but REMOVE names a turn (turnOrder > 0); there is one
// correction per (kind, turnOrder), and the save queues are keyed the same way.
import type { CorrectionKind, CorrectionProposal, CorrectionView, TurnOption } from "./types";

const KIND_KEYS: readonly CorrectionKind[] = ["STEM", "GOLD", "DISTRACTOR", "EVIDENCE", "REMOVE_TURN", "REMOVE"];

/** Save-queue (and localStorage) key: "GOLD" for the whole item (as before turns existed), "GOLD:3" for turn 3. */
export function correctionKey(kind: CorrectionKind, turnOrder: number): string {
  return turnOrder > 0 && kind !== "REMOVE" ? `${kind}:${turnOrder}` : kind;
}

export function parseCorrectionKey(key: string): { kind: CorrectionKind; turnOrder: number } | null {
  const m = /^([A-Z_]+)(?::([1-9]\d{0,8}))?$/.exec(key);
  const kind = m?.[1] as CorrectionKind | undefined;
  if (!m || !kind || !KIND_KEYS.includes(kind) || (kind === "REMOVE" && m[2])) return null;
  return { kind, turnOrder: m[2] ? Number(m[2]) : 0 };
}

/** The turns a kind can name: none for REMOVE; source turns only for EVIDENCE (when turn types are known). */
export function turnsFor(kind: CorrectionKind, turns: readonly TurnOption[]): TurnOption[] {
  if (kind === "REMOVE") return [];
  return kind === "EVIDENCE" ? turns.filter((t) => t.turnType !== "content") : [...turns];
}

/** Option labels the draft can pick from: its turn's, or the item's. */
export function draftOptionLabels(
  d: Pick<CorrectionDraft, "kind" | "turnOrder">,
  optionLabels: readonly string[],
  turns?: readonly TurnOption[],
): readonly string[] {
  return turns?.find((t) => t.turnOrder === d.turnOrder)?.optionLabels ?? optionLabels;
}

/** The proposal text box of a kind, named in the catalog (rubric.corrections.proposalLabels). */
export type ProposalField = "STEM" | "GOLD" | "GOLD_OPEN" | "DISTRACTOR" | "EVIDENCE";
/** The option picker of a kind, named in the catalog (rubric.corrections.optionLabels). */
export type OptionField = "GOLD" | "DISTRACTOR";

export interface CorrectionKindInfo {
  kind: CorrectionKind;
  /** The proposal text box; null when the kind has none. */
  proposal: ProposalField | null;
  proposalRequired: boolean;
  /** GOLD picks the new gold option, DISTRACTOR the option to fix. */
  option: OptionField | null;
}

export const CORRECTION_KINDS: readonly CorrectionKindInfo[] = [
  { kind: "STEM", proposal: "STEM", proposalRequired: true, option: null },
  { kind: "GOLD", proposal: "GOLD", proposalRequired: false, option: "GOLD" },
  { kind: "DISTRACTOR", proposal: "DISTRACTOR", proposalRequired: true, option: "DISTRACTOR" },
  { kind: "EVIDENCE", proposal: "EVIDENCE", proposalRequired: true, option: null },
  { kind: "REMOVE_TURN", proposal: null, proposalRequired: false, option: null },
  { kind: "REMOVE", proposal: null, proposalRequired: false, option: null },
];

export function kindInfo(kind: CorrectionKind, optionLabels: readonly string[]): CorrectionKindInfo {
  const info = CORRECTION_KINDS.find((k) => k.kind === kind) ?? CORRECTION_KINDS[0]!;
  // Items without options (open questions): the new gold answer is written out instead of picked.
  if (kind === "GOLD" && optionLabels.length === 0) return { ...info, proposal: "GOLD_OPEN", proposalRequired: true, option: null };
  return info;
}

/** DISTRACTOR needs options to point at; REMOVE_TURN turns (a conversation) to remove. */
export function availableKinds(optionLabels: readonly string[], conversation = false): CorrectionKindInfo[] {
  return CORRECTION_KINDS.filter(
    (k) => (k.kind !== "DISTRACTOR" || optionLabels.length > 0) && (k.kind !== "REMOVE_TURN" || conversation),
  ).map((k) => kindInfo(k.kind, optionLabels));
}

export interface CorrectionDraft {
  kind: CorrectionKind;
  /** 0 = the whole item (or, on a conversation, no turn chosen yet). */
  turnOrder: number;
  proposal: string;
  option: string;
  rationale: string;
}

/** A draft's problem, as a message of the catalog (rubric.corrections.errors). */
export type DraftError = "turn" | "evidenceTurn" | `option.${OptionField}` | `proposal.${Exclude<ProposalField, "GOLD">}` | "rationale";
export type DraftErrors = Partial<Record<"turn" | "proposal" | "option" | "rationale", DraftError>>;

export function emptyDraft(kind: CorrectionKind, turnOrder = 0): CorrectionDraft {
  return { kind, turnOrder: kind === "REMOVE" ? 0 : turnOrder, proposal: "", option: "", rationale: "" };
}

// The stored proposal text is data (adjudication, the corrected benchmark, exports): it stays
// in English whatever the reviewer's interface language; only its display is translated.
const DISTRACTOR_PREFIX = /^Option (\S+): ([\s\S]*)$/;
const REMOVE_PROPOSAL = "Remove this item";
const REMOVE_TURN_PROPOSAL = "Remove this turn";

export function draftFromCorrection(c: CorrectionView): CorrectionDraft {
  const base = { kind: c.kind, turnOrder: c.kind === "REMOVE" ? 0 : (c.turnOrder ?? 0), rationale: c.rationale };
  switch (c.kind) {
    case "GOLD": {
      const option = c.newGold ?? "";
      // A bare "Option B" is the text we generate when no answer text was given.
      return { ...base, option, proposal: c.proposal === `Option ${option}` ? "" : c.proposal };
    }
    case "DISTRACTOR": {
      const m = DISTRACTOR_PREFIX.exec(c.proposal);
      return { ...base, option: m?.[1] ?? "", proposal: m ? (m[2] ?? "") : c.proposal };
    }
    case "REMOVE":
    case "REMOVE_TURN":
      return { ...base, option: "", proposal: "" };
    default:
      return { ...base, option: "", proposal: c.proposal };
  }
}

/** `turns` given (a conversation): every kind but REMOVE must name one of them. */
export function validateDraft(d: CorrectionDraft, optionLabels: readonly string[], turns?: readonly TurnOption[]): DraftErrors {
  const errors: DraftErrors = {};
  if (turns && d.kind !== "REMOVE" && !turnsFor(d.kind, turns).some((t) => t.turnOrder === d.turnOrder)) {
    errors.turn = d.kind === "EVIDENCE" && turns.some((t) => t.turnOrder === d.turnOrder) ? "evidenceTurn" : "turn";
  }
  optionLabels = draftOptionLabels(d, optionLabels, turns);
  const info = kindInfo(d.kind, optionLabels);
  if (info.option && !optionLabels.includes(d.option)) errors.option = `option.${info.option}`;
  // Only the optional GOLD text box is not required; every required one has its message.
  if (info.proposalRequired && info.proposal && info.proposal !== "GOLD" && !d.proposal.trim())
    errors.proposal = `proposal.${info.proposal}`;
  if (!d.rationale.trim()) errors.rationale = "rationale";
  return errors;
}

/** The CorrectionView to save; `version` and `id` come from the saved one (optimistic concurrency). */
export function correctionFromDraft(d: CorrectionDraft, saved: CorrectionView | null, optionLabels: readonly string[]): CorrectionView {
  const proposal = d.proposal.trim();
  const rationale = d.rationale.trim();
  const turnOrder = d.kind === "REMOVE" ? 0 : d.turnOrder;
  const common = { ...(saved?.id ? { id: saved.id } : {}), kind: d.kind, turnOrder, rationale, version: saved?.version ?? 0 };
  switch (d.kind) {
    case "GOLD":
      if (optionLabels.length === 0) return { ...common, proposal, newGold: null };
      return { ...common, proposal: proposal || `Option ${d.option}`, newGold: d.option };
    case "DISTRACTOR":
      return { ...common, proposal: `Option ${d.option}: ${proposal}` };
    case "REMOVE":
      return { ...common, proposal: REMOVE_PROPOSAL };
    case "REMOVE_TURN":
      return { ...common, proposal: REMOVE_TURN_PROPOSAL };
    default:
      return { ...common, proposal };
  }
}

/** The content a save sends (kind from the queue key; id, turn and version are bookkeeping). */
export function correctionProposal(c: CorrectionView, kind: CorrectionKind): CorrectionProposal {
  return { kind, proposal: c.proposal, rationale: c.rationale, ...(c.newGold !== undefined ? { newGold: c.newGold } : {}) };
}

/**
 * Values equal for saving purposes (version and id are bookkeeping, not content). The turn is
 * not compared: it is part of the queue key, so two values of one key always share it.
 */
export function sameCorrection(a: CorrectionView | null, b: CorrectionView | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && a.proposal === b.proposal && (a.newGold ?? null) === (b.newGold ?? null) && a.rationale === b.rationale;
}

/**
 * How the list shows a saved correction: removal and a new gold option in the reader's words
 * (catalog), any other proposal as the reviewer wrote it.
 */
export type CorrectionSummary =
  | { kind: "remove" }
  | { kind: "newGold"; option: string; text: string | null }
  | { kind: "text"; text: string };

export function correctionSummary(c: CorrectionView): CorrectionSummary {
  if (c.kind === "REMOVE") return { kind: "remove" };
  if (c.kind === "GOLD" && c.newGold)
    return { kind: "newGold", option: c.newGold, text: c.proposal === `Option ${c.newGold}` ? null : c.proposal };
  return { kind: "text", text: c.proposal };
}
