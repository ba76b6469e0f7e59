import { describe, expect, it } from "vitest";
import {
  availableKinds,
  correctionFromDraft,
  correctionSummary,
  draftFromCorrection,
  emptyDraft,
  sameCorrection,
  validateDraft,
  type CorrectionDraft,
} from "./corrections";
import type { CorrectionView } from "./types";

const options = ["A", "B", "C", "D"];

describe("correction drafts", () => {
  it("require a rationale for every kind", () => {
    for (const kind of ["STEM", "GOLD", "DISTRACTOR", "EVIDENCE", "REMOVE"] as const) {
      expect(validateDraft(emptyDraft(kind), options).rationale).toBe("rationale");
    }
  });

  it("require the kind's own fields", () => {
    expect(validateDraft({ kind: "STEM", turnOrder: 0, proposal: " ", option: "", rationale: "r" }, options)).toEqual({
      proposal: "proposal.STEM",
    });
    expect(validateDraft({ kind: "GOLD", turnOrder: 0, proposal: "", option: "", rationale: "r" }, options)).toEqual({
      option: "option.GOLD",
    });
    expect(validateDraft({ kind: "GOLD", turnOrder: 0, proposal: "", option: "E", rationale: "r" }, options)).toEqual({
      option: "option.GOLD",
    });
    expect(validateDraft({ kind: "GOLD", turnOrder: 0, proposal: "", option: "B", rationale: "r" }, options)).toEqual({});
    expect(validateDraft({ kind: "DISTRACTOR", turnOrder: 0, proposal: "", option: "B", rationale: "r" }, options)).toEqual({
      proposal: "proposal.DISTRACTOR",
    });
    expect(validateDraft({ kind: "REMOVE", turnOrder: 0, proposal: "", option: "", rationale: "duplicate" }, options)).toEqual({});
    // Open questions: the new gold answer is written, not picked.
    expect(validateDraft({ kind: "GOLD", turnOrder: 0, proposal: "", option: "", rationale: "r" }, [])).toEqual({
      proposal: "proposal.GOLD_OPEN",
    });
  });

  it("offer distractor fixes only for multiple-choice items", () => {
    expect(availableKinds(options).map((k) => k.kind)).toContain("DISTRACTOR");
    expect(availableKinds([]).map((k) => k.kind)).not.toContain("DISTRACTOR");
  });

  it("round-trip through CorrectionView, carrying id and version of the saved one", () => {
    const saved: CorrectionView = {
      id: "x1",
      kind: "GOLD",
      turnOrder: 0,
      proposal: "Option B",
      newGold: "B",
      rationale: "old",
      version: 4,
    };
    const drafts: CorrectionDraft[] = [
      { kind: "STEM", turnOrder: 0, proposal: "A 64-year-old…", option: "", rationale: "age wrong" },
      { kind: "GOLD", turnOrder: 0, proposal: "", option: "B", rationale: "guideline" },
      { kind: "GOLD", turnOrder: 0, proposal: "Ceftriaxone 2 g", option: "C", rationale: "guideline" },
      { kind: "DISTRACTOR", turnOrder: 0, proposal: "Amoxicillin: also correct", option: "D", rationale: "two right answers" },
      { kind: "EVIDENCE", turnOrder: 0, proposal: "NICE NG51 (2024)", option: "", rationale: "withdrawn source" },
      { kind: "REMOVE", turnOrder: 0, proposal: "", option: "", rationale: "duplicate of item 12" },
    ];
    for (const d of drafts) {
      const c = correctionFromDraft(d, saved, options);
      expect(c).toMatchObject({ id: "x1", kind: d.kind, version: 4, rationale: d.rationale });
      expect(draftFromCorrection(c)).toEqual(d);
    }
    expect(correctionFromDraft(drafts[1]!, saved, options)).toMatchObject({ proposal: "Option B", newGold: "B" });
    expect(correctionFromDraft(drafts[3]!, null, options)).toEqual({
      kind: "DISTRACTOR",
      turnOrder: 0,
      proposal: "Option D: Amoxicillin: also correct",
      rationale: "two right answers",
      version: 0,
    });
  });

  it("compare by content, not bookkeeping", () => {
    const a: CorrectionView = { kind: "STEM", turnOrder: 0, proposal: "p", rationale: "r", version: 1 };
    expect(sameCorrection(a, { ...a, version: 2, id: "z" })).toBe(true);
    expect(sameCorrection(a, { ...a, rationale: "s" })).toBe(false);
    expect(sameCorrection(a, null)).toBe(false);
    expect(sameCorrection(null, null)).toBe(true);
  });

  it("summarize for the list", () => {
    expect(correctionSummary({ kind: "GOLD", turnOrder: 0, proposal: "Option C", newGold: "C", rationale: "", version: 1 })).toEqual({
      kind: "newGold",
      option: "C",
      text: null,
    });
    expect(correctionSummary({ kind: "GOLD", turnOrder: 0, proposal: "Ceftriaxone", newGold: "C", rationale: "", version: 1 })).toEqual({
      kind: "newGold",
      option: "C",
      text: "Ceftriaxone",
    });
    expect(correctionSummary({ kind: "REMOVE", turnOrder: 0, proposal: "Remove this item", rationale: "", version: 1 })).toEqual({
      kind: "remove",
    });
    expect(correctionSummary({ kind: "STEM", turnOrder: 0, proposal: "A 64-year-old…", rationale: "", version: 1 })).toEqual({
      kind: "text",
      text: "A 64-year-old…",
    });
  });
});
