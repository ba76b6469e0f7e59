// Removing one question of a conversation (REMOVE_TURN): the content turn and its source turn go
// together, the rest of the conversation stays, the export re-imports, and the report counts it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportedText, exportNotesJsonBundle, itemKey, parseDataset, type Conversation, type NormalizedDataset } from "../formats";
import { applyChange, changeLogMarkdown, correctDataset, CorrectionError } from "./apply";
import { revisionSentence, revisionSummary } from "./revision-summary";
import { turnProblem } from "./turns";

async function twoQuestions(): Promise<NormalizedDataset> {
  const text = fs.readFileSync(path.resolve("lib/formats/__fixtures__/notes-chatqa.example.json"), "utf8");
  const parsed = await parseDataset([{ name: "notes.json", chunks: text }]);
  if (!parsed.ok) throw new Error("fixture rejected");
  const ds = parsed.dataset;
  const conv = ds.items[0] as Conversation;
  // A second question (turn_index 2): turns 3 (content) and 4 (source), copies of 1 and 2.
  const second = conv.turns.map((t) => ({ ...structuredClone(t), turnOrder: t.turnOrder + 2, turnIndex: 2 }));
  return { ...ds, items: [{ ...conv, turns: [...conv.turns, ...second] }, ...ds.items.slice(1)] };
}

const meta = {
  proposedBy: "R1",
  decidedBy: "Omar",
  decision: "ACCEPTED" as const,
  rationale: "duplicate question",
  proposalRationale: "asked twice",
};

describe("removing one turn of a conversation", () => {
  it("drops the turn with its paired content or source turn and keeps the rest", async () => {
    const ds = await twoQuestions();
    const conv = ds.items[0] as Conversation;
    const bySource = applyChange(conv, { kind: "REMOVE_TURN", turnOrder: 4 });
    expect((bySource.item as Conversation).turns.map((t) => t.turnOrder)).toEqual([1, 2]);
    expect(bySource.before).toEqual([
      { turnOrder: 3, question: conv.turns[0]!.question },
      { turnOrder: 4, question: conv.turns[1]!.question },
    ]);
    const byContent = applyChange(conv, { kind: "REMOVE_TURN", turnOrder: 1 });
    expect((byContent.item as Conversation).turns.map((t) => t.turnOrder)).toEqual([3, 4]);
    expect(conv.turns).toHaveLength(4); // the reviewed item is not changed in place
  });

  it("refuses the last question, a turn that is not there and a decision-point item", async () => {
    const ds = await twoQuestions();
    const conv = ds.items[0] as Conversation;
    const single = { ...conv, turns: conv.turns.slice(0, 2) };
    expect(() => applyChange(single, { kind: "REMOVE_TURN", turnOrder: 2 })).toThrow(/only question; remove the whole conversation/);
    expect(() => applyChange(conv, { kind: "REMOVE_TURN", turnOrder: 9 })).toThrow(CorrectionError);
    const mcq = { ...conv, kind: "mcq" } as unknown as Parameters<typeof applyChange>[0];
    expect(() => applyChange(mcq, { kind: "REMOVE_TURN", turnOrder: 1 })).toThrow(/no turns to remove/);
  });

  it("a rater may name a turn for it, never the whole item, and only on a conversation", async () => {
    const ds = await twoQuestions();
    const conv = ds.items[0] as Conversation;
    expect(turnProblem(conv, "REMOVE_TURN", 3)).toBeNull();
    expect(turnProblem(conv, "REMOVE_TURN", 0)).toEqual({ key: "rubric.corrections.errors.turn" });
    expect(turnProblem(conv, "REMOVE_TURN", 7)).toEqual({ key: "rubric.corrections.errors.noTurn", values: { turn: 7 } });
    expect(turnProblem({ ...conv, kind: "mcq" } as never, "REMOVE_TURN", 1)).toEqual({ key: "rubric.corrections.errors.noTurns" });
  });

  it("the corrected benchmark keeps the item, re-imports, and the report counts one question removed", async () => {
    const ds = await twoQuestions();
    const key = itemKey(ds.items[0]!);
    const fixed = correctDataset(ds, [{ item: key, change: { kind: "REMOVE_TURN", turnOrder: 3 }, ...meta }]);
    expect(fixed.removed).toEqual([]);
    expect((fixed.dataset.items[0] as Conversation).turns.map((t) => t.turnOrder)).toEqual([1, 2]);
    const bundle = exportNotesJsonBundle(fixed.dataset);
    const again = await parseDataset([{ name: bundle.name, chunks: exportedText(bundle) }]);
    expect(again.ok).toBe(true);

    expect(changeLogMarkdown("A", fixed.changes, fixed.removed)).toContain("turn 3 removed");
    const summary = revisionSummary(new Map(ds.items.map((i) => [itemKey(i), i])), fixed.changes);
    const questions = ds.items.reduce((n, i) => n + (i.kind === "conversation" ? new Set(i.turns.map((t) => t.turnIndex)).size : 0), 0);
    expect(summary.rows.find((r) => r.kind === "turnRemoved")).toEqual({
      kind: "turnRemoved",
      count: 1,
      of: questions,
      share: 1 / questions,
    });
    expect(summary.rows.find((r) => r.kind === "removed")?.count).toBe(0);
    expect(revisionSentence(summary, true)).toContain(`conversation questions removed`);
  });
});
