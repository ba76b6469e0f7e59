import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDataset, type Conversation } from "../formats";
import { turnChoices, turnLabel, turnProblem } from "./turns";

async function conversation(): Promise<Conversation> {
  const text = fs.readFileSync(path.resolve("lib/formats/__fixtures__/notes-chatqa.example.json"), "utf8");
  const parsed = await parseDataset([{ name: "notes.json", chunks: text }]);
  if (!parsed.ok) throw new Error("fixture");
  return parsed.dataset.items[0] as Conversation;
}

describe("turns a correction may name", () => {
  it("lists the conversation's turns with their type and the start of the question", async () => {
    const conv = await conversation();
    expect(turnChoices(conv)).toEqual([
      { turnOrder: 1, label: "Turn 1 · content: What organism was identified during the first admission?", optionLabels: ["A", "B", "C", "D", "E"], turnType: "content" },
      { turnOrder: 2, label: expect.stringMatching(/^Turn 2 · source: What exact source/), optionLabels: ["A", "B", "C", "D", "E"], turnType: "source" },
    ]);
    expect(turnLabel({ turnOrder: 3, turnType: "content", question: "x".repeat(80) })).toMatch(/^Turn 3 · content: x{59}…$/);
  });

  it("says when a kind cannot name a turn", async () => {
    const conv = await conversation();
    expect(turnProblem(conv, "GOLD", 1)).toBeNull();
    expect(turnProblem(conv, "EVIDENCE", 2)).toBeNull();
    expect(turnProblem(conv, "EVIDENCE", 1)).toMatch(/content turn/);
    expect(turnProblem(conv, "GOLD", 0)).toMatch(/Choose the turn/);
    expect(turnProblem(conv, "STEM", 5)).toMatch(/no turn 5/);
    expect(turnProblem(conv, "REMOVE", 0)).toBeNull();
    expect(turnProblem(conv, "REMOVE", 1)).toMatch(/whole item/);
  });
});
