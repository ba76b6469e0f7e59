import { describe, expect, it } from "vitest";
import type { Conversation, Item, McqItem } from "../formats";
import { revisionScope, revisionSentence, revisionSummary, summaryOver } from "./revision-summary";

function mcq(id: string): McqItem {
  return {
    kind: "mcq",
    instanceId: id,
    patientId: `p-${id}`,
    cutoff: { time: "2024-01-01T00:00:00Z" },
    decisionPointIndex: 1,
    chapter: "Chapter 1",
    ruleId: "r1",
    evidenceLevel: "A" as McqItem["evidenceLevel"],
    question: "q",
    options: ["A", "B", "C", "D"].map((label) => ({ label, text: label })) as McqItem["options"],
    answer: "A",
    evidenceEventIds: ["E1"],
  };
}

function conversation(id: string): Conversation {
  const turn = (turnOrder: number, turnType: "content" | "source") => ({
    turnOrder,
    turnIndex: turnOrder,
    turnType,
    question: "q",
    options: (["A", "B", "C", "D", "E"] as const).map((label) => ({ label, text: label })),
    answer: "A" as const,
  });
  return {
    kind: "conversation",
    conversationId: id,
    patientId: `p-${id}`,
    qaCategory: "x",
    turns: [turn(1, "content"), turn(2, "source"), turn(3, "content")],
  };
}

describe("revision summary", () => {
  it("counts each kind over what was reviewed of it, once per distinct change (MCQ)", () => {
    const items = new Map<string, Item>(Array.from({ length: 100 }, (_, i) => [`i${i}`, mcq(`i${i}`)]));
    const s = revisionSummary(items, [
      { item: "i1", change: { kind: "STEM", question: "new" } },
      { item: "i1", change: { kind: "STEM", question: "same fix by a second rater" } },
      { item: "i2", change: { kind: "GOLD", answer: "B" } },
      { item: "i3", change: { kind: "DISTRACTOR", label: "C", text: "x" } },
      { item: "i3", change: { kind: "DISTRACTOR", label: "D", text: "y" } },
      { item: "i4", change: { kind: "EVIDENCE", evidenceEventIds: ["E2"] } },
      { item: "i5", change: { kind: "REMOVE" } },
    ]);
    expect(s.items).toBe(100);
    expect(s.rows).toEqual([
      { kind: "question", count: 1, of: 100, share: 0.01 },
      { kind: "gold", count: 1, of: 100, share: 0.01 },
      { kind: "distractor", count: 2, of: 300, share: 2 / 300 },
      { kind: "evidence", count: 1, of: 100, share: 0.01 },
      { kind: "removed", count: 1, of: 100, share: 0.01 },
    ]);
    expect(revisionSentence(s, false)).toBe(
      "Accepted corrections, as shares of the questions and options reviewed: questions rewritten 1.0% (1 of 100), gold answers corrected 1.0% (1 of 100), distractors corrected 0.7% (2 of 300), evidence corrected 1.0% (1 of 100) and items removed 1.0% (1 of 100).",
    );
  });

  it("splits conversations into content and source turns, as the EHRNote-ChatQA paper reports them", () => {
    const items = new Map<string, Item>(Array.from({ length: 10 }, (_, i) => [`c${i}`, conversation(`c${i}`)]));
    const s = revisionSummary(items, [
      { item: "c0", change: { kind: "GOLD", answer: "B", turnOrder: 1 } },
      { item: "c0", change: { kind: "GOLD", answer: "C", turnOrder: 2 } }, // a source turn: its gold is the source
      { item: "c1", change: { kind: "EVIDENCE", answer: "D", turnOrder: 2 } },
      { item: "c2", change: { kind: "DISTRACTOR", label: "B", text: "Note #2", turnOrder: 2 } },
      { item: "c3", change: { kind: "STEM", question: "new", turnOrder: 3 } },
    ]);
    expect(Object.fromEntries(s.rows.map((r) => [r.kind, [r.count, r.of]]))).toEqual({
      question: [1, 30],
      gold: [1, 20],
      distractor: [0, 80],
      evidence: [2, 10],
      sourceDistractor: [1, 40],
      removed: [0, 10],
    });
    expect(revisionSentence(s, true)).toContain("correct sources corrected 20.0% (2 of 10)");
  });

  it("is the same from the sample's kept denominators and the changed items alone", () => {
    const items = new Map<string, Item>([
      ...Array.from({ length: 7 }, (_, i): [string, Item] => [`i${i}`, mcq(`i${i}`)]),
      ...Array.from({ length: 5 }, (_, i): [string, Item] => [`c${i}`, conversation(`c${i}`)]),
    ]);
    const changes = [
      { item: "i1", change: { kind: "STEM", question: "new" } },
      { item: "i2", change: { kind: "REMOVE" } },
      { item: "c0", change: { kind: "GOLD", answer: "C", turnOrder: 2 } },
      { item: "c1", change: { kind: "REMOVE_TURN", turnOrder: 3 } },
      { item: "c1", change: { kind: "DISTRACTOR", label: "B", text: "x", turnOrder: 1 } },
    ] as const;
    const changed = new Map([...items].filter(([key]) => changes.some((c) => c.item === key)));
    const fromChanged = summaryOver(revisionScope(items), (key) => changed.get(key), changes);
    expect(fromChanged).toEqual(revisionSummary(items, changes));
  });

  it("says nothing when no correction was accepted", () => {
    expect(revisionSentence(revisionSummary(new Map([["i", mcq("i")]]), []), false)).toBeNull();
  });
});
