// Pure: what an accepted correction changes, as far as the rater's proposal says it.
import type { AppliedChange } from "@/lib/adjudication/apply";

type Kind = "STEM" | "GOLD" | "DISTRACTOR" | "EVIDENCE" | "REMOVE_TURN" | "REMOVE";
type Decision = "ACCEPTED" | "EDITED" | "REJECTED";

export interface AdjudicationCorrection {
  id: string;
  kind: Kind;
  /** The conversation turn it is about; 0 = the whole item. */
  turnOrder: number;
  proposal: string;
  newGold: string | null;
  rationale: string;
  proposedBy: string;
  decided: { decision: Decision; applied: AppliedChange | null; rationale: string } | null;
}

/**
 * The change a proposal implies, as far as it can be read from it; the adjudicator can edit it.
 * On a conversation every change but REMOVE carries the correction's turn.
 */
export function proposedChange(c: AdjudicationCorrection, conversation: boolean): AppliedChange {
  const turn = conversation ? { turnOrder: c.turnOrder } : {};
  switch (c.kind) {
    case "STEM":
      return { kind: "STEM", question: c.proposal, ...turn };
    case "GOLD":
      return { kind: "GOLD", answer: c.newGold ?? "", ...turn };
    case "DISTRACTOR": {
      // The rating panel writes "Option C: new text".
      const m = /^\s*(?:Option\s+)?([A-Z])\s*[:.)-]\s*([\s\S]+)$/.exec(c.proposal);
      return { kind: "DISTRACTOR", label: m?.[1] ?? "", text: m?.[2]?.trim() ?? c.proposal, ...turn };
    }
    case "EVIDENCE":
      // A source turn's evidence is its gold option: "Option C…" in the proposal names it.
      if (conversation)
        return {
          kind: "EVIDENCE",
          answer: c.newGold ?? /\bOption\s+([A-E])\b/i.exec(c.proposal)?.[1]?.toUpperCase() ?? "",
          turnOrder: c.turnOrder,
        };
      return { kind: "EVIDENCE", evidenceEventIds: c.proposal.match(/\b[A-Z]+\d+\b/g) ?? [] };
    case "REMOVE_TURN":
      return { kind: "REMOVE_TURN", turnOrder: c.turnOrder };
    case "REMOVE":
      return { kind: "REMOVE" };
  }
}
