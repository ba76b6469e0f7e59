// Corrections of conversation turns: keys per (kind, turn), drafts that must name a turn, and
// the save queue keeping two corrections of one kind on different turns apart.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  availableKinds,
  correctionFromDraft,
  correctionKey,
  draftFromCorrection,
  emptyDraft,
  parseCorrectionKey,
  turnsFor,
  validateDraft,
  type CorrectionDraft,
} from "./corrections";
import { flushPromises } from "./save-queue-harness";
import type { CorrectionView, ReviewActions, SaveResult, TurnOption } from "./types";
import { createCorrectionQueue } from "./use-review-saver";

const ABCDE = ["A", "B", "C", "D", "E"];
const turns: TurnOption[] = [
  { turnOrder: 1, label: "Turn 1 · content: What organism was identified?", optionLabels: ABCDE, turnType: "content" },
  { turnOrder: 2, label: "Turn 2 · source: What exact source(s)…", optionLabels: ABCDE, turnType: "source" },
  { turnOrder: 3, label: "Turn 3 · content: Which antibiotic?", optionLabels: ["A", "B", "C"], turnType: "content" },
];

describe("correction keys", () => {
  it("keep the whole-item keys of before (and of MCQs) and add the turn otherwise", () => {
    expect(correctionKey("GOLD", 0)).toBe("GOLD");
    expect(correctionKey("GOLD", 3)).toBe("GOLD:3");
    expect(correctionKey("REMOVE", 3)).toBe("REMOVE");
    for (const [kind, turnOrder] of [
      ["GOLD", 0],
      ["STEM", 12],
      ["REMOVE", 0],
    ] as const) {
      expect(parseCorrectionKey(correctionKey(kind, turnOrder))).toEqual({ kind, turnOrder });
    }
    for (const bad of ["GOLD:0", "GOLD:x", "REMOVE:2", "OTHER", "gold", "GOLD:3:4", ""]) expect(parseCorrectionKey(bad)).toBeNull();
  });
});

describe("drafts on a conversation", () => {
  const draft = (over: Partial<CorrectionDraft>): CorrectionDraft => ({ ...emptyDraft("GOLD"), rationale: "r", ...over });

  it("must name a turn, except REMOVE; EVIDENCE only a source turn", () => {
    expect(validateDraft(draft({ option: "B" }), ABCDE, turns)).toEqual({ turn: "turn" });
    expect(validateDraft(draft({ option: "B", turnOrder: 9 }), ABCDE, turns)).toEqual({ turn: "turn" });
    expect(validateDraft(draft({ option: "B", turnOrder: 1 }), ABCDE, turns)).toEqual({});
    expect(validateDraft(draft({ kind: "EVIDENCE", proposal: "Note #1", turnOrder: 1 }), ABCDE, turns)).toEqual({ turn: "evidenceTurn" });
    expect(validateDraft(draft({ kind: "EVIDENCE", proposal: "Note #1", turnOrder: 2 }), ABCDE, turns)).toEqual({});
    expect(validateDraft(draft({ kind: "REMOVE" }), ABCDE, turns)).toEqual({});
    expect(turnsFor("EVIDENCE", turns).map((t) => t.turnOrder)).toEqual([2]);
    expect(turnsFor("REMOVE", turns)).toEqual([]);
  });

  it("pick options among the chosen turn's labels", () => {
    expect(validateDraft(draft({ option: "E", turnOrder: 3 }), ABCDE, turns)).toEqual({ option: "option.GOLD" });
    expect(validateDraft(draft({ option: "E", turnOrder: 1 }), ABCDE, turns)).toEqual({});
  });

  it("round-trip through CorrectionView with their turn; REMOVE is about the whole item", () => {
    const gold = correctionFromDraft(draft({ option: "C", turnOrder: 3 }), null, ABCDE);
    expect(gold).toEqual({ kind: "GOLD", turnOrder: 3, proposal: "Option C", newGold: "C", rationale: "r", version: 0 });
    expect(draftFromCorrection(gold)).toEqual(draft({ option: "C", turnOrder: 3 }));
    expect(correctionFromDraft(draft({ kind: "REMOVE", turnOrder: 2 }), null, ABCDE)).toMatchObject({ kind: "REMOVE", turnOrder: 0 });
    expect(emptyDraft("REMOVE", 2).turnOrder).toBe(0);
  });
});

describe("the correction save queue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const c = (turnOrder: number, newGold: string, version = 1): CorrectionView => ({
    id: `g${turnOrder}`,
    kind: "GOLD",
    turnOrder,
    proposal: `Option ${newGold}`,
    newGold,
    rationale: "r",
    version,
  });

  function setup(corrections: CorrectionView[]) {
    const sent: Parameters<ReviewActions["saveCorrection"]>[0][] = [];
    const saveCorrection = vi.fn(
      async (input: Parameters<ReviewActions["saveCorrection"]>[0]): Promise<SaveResult<CorrectionView | null>> => {
        sent.push(input);
        return {
          ok: true,
          data: input.correction && { ...input.correction, turnOrder: input.turnOrder, version: input.expectedVersion + 1 },
        };
      },
    );
    const actions = { saveRating: vi.fn(), saveComment: vi.fn(), saveCorrection } as unknown as ReviewActions;
    const persisted = new Map<string, unknown>();
    const queue = createCorrectionQueue(
      "asg-1",
      corrections,
      () => actions,
      (key, entry) => (entry ? persisted.set(key, entry) : persisted.delete(key)),
    );
    return { queue, sent, persisted };
  }

  it("keeps corrections of one kind on different turns apart and sends each with its turn", async () => {
    const { queue, sent, persisted } = setup([c(1, "A"), c(3, "B", 4)]);
    expect(queue.get("GOLD:1").value).toMatchObject({ newGold: "A" });
    expect(queue.get("GOLD:3").value).toMatchObject({ newGold: "B" });
    expect(queue.get("GOLD").value).toBeNull();

    queue.set("GOLD:3", { ...c(3, "C"), version: 0 });
    expect(persisted.has("GOLD:3")).toBe(true);
    await flushPromises();
    // Content only (the server refuses unknown keys); the version seen travels beside it.
    expect(sent).toEqual([
      {
        assignmentId: "asg-1",
        kind: "GOLD",
        turnOrder: 3,
        correction: { kind: "GOLD", proposal: "Option C", newGold: "C", rationale: "r" },
        expectedVersion: 4,
      },
    ]);
    expect(queue.get("GOLD:3")).toMatchObject({ value: { newGold: "C", version: 5 }, status: { kind: "saved" } });
    expect(queue.get("GOLD:1").value).toMatchObject({ newGold: "A", version: 1 });

    queue.set("GOLD:1", null);
    await flushPromises();
    // A withdrawal is a compare-and-set too: it names the version it withdraws.
    expect(sent[1]).toEqual({ assignmentId: "asg-1", kind: "GOLD", turnOrder: 1, correction: null, expectedVersion: 1 });
    expect(queue.get("GOLD:3").value).toMatchObject({ newGold: "C" });
  });

  it("sends a whole-item correction (MCQs) with turn 0, as before", async () => {
    const { queue, sent } = setup([]);
    queue.set("STEM", { kind: "STEM", turnOrder: 0, proposal: "p", rationale: "r", version: 0 });
    await flushPromises();
    expect(sent[0]).toEqual({
      assignmentId: "asg-1",
      kind: "STEM",
      turnOrder: 0,
      correction: { kind: "STEM", proposal: "p", rationale: "r" },
      expectedVersion: 0,
    });
  });
});

describe("removing one turn (REMOVE_TURN)", () => {
  it("is offered on conversations only, names a turn, and is keyed per turn", () => {
    expect(availableKinds(ABCDE, true).map((k) => k.kind)).toContain("REMOVE_TURN");
    expect(availableKinds(ABCDE).map((k) => k.kind)).not.toContain("REMOVE_TURN");
    expect(correctionKey("REMOVE_TURN", 3)).toBe("REMOVE_TURN:3");
    expect(parseCorrectionKey("REMOVE_TURN:3")).toEqual({ kind: "REMOVE_TURN", turnOrder: 3 });
    const draft: CorrectionDraft = { ...emptyDraft("REMOVE_TURN"), rationale: "asked twice" };
    expect(validateDraft(draft, ABCDE, turns)).toEqual({ turn: "turn" });
    const onTurn = { ...draft, turnOrder: 2 };
    expect(validateDraft(onTurn, ABCDE, turns)).toEqual({});
    const saved = correctionFromDraft(onTurn, null, ABCDE);
    expect(saved).toMatchObject({ kind: "REMOVE_TURN", turnOrder: 2, proposal: "Remove this turn", rationale: "asked twice" });
    expect(draftFromCorrection(saved)).toMatchObject({ kind: "REMOVE_TURN", turnOrder: 2, proposal: "" });
  });
});
