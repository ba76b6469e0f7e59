import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDataset, type Conversation } from "../formats";
import { turnData, turnProblem } from "./turns";

async function conversation(): Promise<Conversation> {
  const text = fs.readFileSync(path.resolve("lib/formats/__fixtures__/notes-chatqa.example.json"), "utf8");
  const parsed = await parseDataset([{ name: "notes.json", chunks: text }]);
  if (!parsed.ok) throw new Error("fixture");
  return parsed.dataset.items[0] as Conversation;
}

describe("turns a correction may name", () => {
  it("lists the conversation's turns with their type and the start of the question", async () => {
    const conv = await conversation();
    expect(turnData(conv)).toEqual([
      {
        turnOrder: 1,
        questionStart: "What organism was identified during the first admission?",
        optionLabels: ["A", "B", "C", "D", "E"],
        turnType: "content",
      },
      {
        turnOrder: 2,
        questionStart: expect.stringMatching(/^What exact source/),
        optionLabels: ["A", "B", "C", "D", "E"],
        turnType: "source",
      },
    ]);
    const long = { ...conv, turns: [{ ...conv.turns[0]!, question: "x".repeat(80) }] };
    expect(turnData(long)![0]!.questionStart).toMatch(/^x{59}…$/);
  });

  it("says when a kind cannot name a turn", async () => {
    const conv = await conversation();
    expect(turnProblem(conv, "GOLD", 1)).toBeNull();
    expect(turnProblem(conv, "EVIDENCE", 2)).toBeNull();
    expect(turnProblem(conv, "EVIDENCE", 1)).toEqual({ key: "rubric.corrections.errors.evidenceTurn" });
    expect(turnProblem(conv, "GOLD", 0)).toEqual({ key: "rubric.corrections.errors.turn" });
    expect(turnProblem(conv, "STEM", 5)).toEqual({ key: "rubric.corrections.errors.noTurn", values: { turn: 5 } });
    expect(turnProblem(conv, "REMOVE", 0)).toBeNull();
    expect(turnProblem(conv, "REMOVE", 1)).toEqual({ key: "rubric.corrections.errors.wholeItem" });
  });
});
