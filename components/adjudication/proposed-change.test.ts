import { describe, expect, it } from "vitest";
import { proposedChange, type AdjudicationCorrection } from "./proposed-change";

const c = (over: Partial<AdjudicationCorrection>): AdjudicationCorrection => ({
  id: "c1",
  kind: "GOLD",
  turnOrder: 0,
  proposal: "",
  newGold: null,
  rationale: "r",
  proposedBy: "R1",
  decided: null,
  ...over,
});

describe("the change a proposal implies", () => {
  it("decision-point items: as before, without a turn", () => {
    expect(proposedChange(c({ newGold: "C", proposal: "Option C" }), false)).toEqual({ kind: "GOLD", answer: "C" });
    expect(proposedChange(c({ kind: "DISTRACTOR", proposal: "Option B: Deliver at 37 weeks" }), false)).toEqual({
      kind: "DISTRACTOR",
      label: "B",
      text: "Deliver at 37 weeks",
    });
    expect(proposedChange(c({ kind: "EVIDENCE", proposal: "E001 and E014" }), false)).toEqual({
      kind: "EVIDENCE",
      evidenceEventIds: ["E001", "E014"],
    });
  });

  it("conversations: on the correction's turn; EVIDENCE names the source option", () => {
    expect(proposedChange(c({ newGold: "A", turnOrder: 1 }), true)).toEqual({ kind: "GOLD", answer: "A", turnOrder: 1 });
    expect(proposedChange(c({ kind: "STEM", proposal: "Which organism?", turnOrder: 3 }), true)).toEqual({
      kind: "STEM",
      question: "Which organism?",
      turnOrder: 3,
    });
    expect(proposedChange(c({ kind: "DISTRACTOR", proposal: "Option E: Serratia", turnOrder: 1 }), true)).toEqual({
      kind: "DISTRACTOR",
      label: "E",
      text: "Serratia",
      turnOrder: 1,
    });
    expect(proposedChange(c({ kind: "EVIDENCE", proposal: "option d cites the discharge diagnosis", turnOrder: 2 }), true)).toEqual({
      kind: "EVIDENCE",
      answer: "D",
      turnOrder: 2,
    });
    expect(proposedChange(c({ kind: "EVIDENCE", proposal: "the discharge diagnosis", turnOrder: 2 }), true)).toEqual({
      kind: "EVIDENCE",
      answer: "",
      turnOrder: 2,
    });
    expect(proposedChange(c({ kind: "REMOVE" }), true)).toEqual({ kind: "REMOVE" });
  });
});
