import { describe, expect, it } from "vitest";
import { itemDimensions, itemRubricView, perTurnKey, rubricTurns, splitRatingKey } from "./item-dimensions";
import { CONVERSATION_RUBRIC, DEFAULT_RUBRIC, defaultRubricFor, rubricSchema } from "./rubric";

const turns = [
  { turnOrder: 2, turnType: "source" as const },
  { turnOrder: 1, turnType: "content" as const },
  { turnOrder: 3, turnType: "content" as const },
];

describe("per-turn dimensions", () => {
  it("asks content-turn gold and source-turn evidence once per turn, in turn order", () => {
    expect(itemDimensions(CONVERSATION_RUBRIC, turns).map((d) => d.ratingKey)).toEqual(["gold@t1", "gold@t3", "evidence@t2"]);
  });
  it("asks a decision-point rubric once per item, and per-turn dimensions not at all without turns", () => {
    expect(itemDimensions(DEFAULT_RUBRIC, turns).map((d) => d.ratingKey)).toEqual(["gold", "question"]);
    expect(itemDimensions(CONVERSATION_RUBRIC, [])).toEqual([]);
  });
  it("round-trips rating keys", () => {
    expect(splitRatingKey(perTurnKey("gold", 12))).toEqual({ key: "gold", turnOrder: 12 });
    expect(splitRatingKey("gold")).toEqual({ key: "gold", turnOrder: null });
    expect(splitRatingKey("gold@t0")).toEqual({ key: "gold@t0", turnOrder: null });
  });
  it("labels each turn's question for the panel", () => {
    const view = itemRubricView(CONVERSATION_RUBRIC, turns, (t, label) => `Turn ${t} · ${label}`);
    expect(view.map((d) => [d.key, d.label])).toEqual([
      ["gold@t1", "Turn 1 · Reference answer correctness (per content turn)"],
      ["gold@t3", "Turn 3 · Reference answer correctness (per content turn)"],
      ["evidence@t2", "Turn 2 · Evidence set (per source turn)"],
    ]);
  });
  it("reads turns from stored item data", () => {
    expect(rubricTurns({ kind: "conversation", turns: [{ turnOrder: 1, turnType: "content", question: "q" }] })).toEqual([
      { turnOrder: 1, turnType: "content" },
    ]);
    expect(rubricTurns({ kind: "mcq" })).toEqual([]);
  });
  it("picks the conversation rubric for discharge-summary datasets, in words that fit them", () => {
    expect(defaultRubricFor("notes-chatqa")).toBe(CONVERSATION_RUBRIC);
    expect(defaultRubricFor("ehr-decision-mcq")).toBe(DEFAULT_RUBRIC);
    expect(rubricSchema.parse(CONVERSATION_RUBRIC)).toEqual(CONVERSATION_RUBRIC);
    expect(JSON.stringify(CONVERSATION_RUBRIC)).not.toMatch(/decision point/);
    expect(JSON.stringify(CONVERSATION_RUBRIC)).toMatch(/discharge summary/);
  });
});
