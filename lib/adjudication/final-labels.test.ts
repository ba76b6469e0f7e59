import { describe, expect, it } from "vitest";
import { itemDimensions } from "../audits/item-dimensions";
import { CONVERSATION_RUBRIC, DEFAULT_RUBRIC } from "../audits/rubric";
import { finalLabelProblem, questionMajorities } from "./final-labels";

const TURNS = [
  { turnOrder: 1, turnType: "content" as const },
  { turnOrder: 2, turnType: "source" as const },
  { turnOrder: 3, turnType: "content" as const },
];
const GOLD = "Reference answer correctness (per content turn)";
const ALL = { "gold@t1": "correct", "gold@t3": "incorrect", "evidence@t2": "complete" };

describe("finalLabelProblem", () => {
  it("takes one label per turn of a per-turn dimension, and one per dimension on decision points", () => {
    expect(finalLabelProblem(CONVERSATION_RUBRIC, TURNS, ALL)).toBeNull();
    expect(finalLabelProblem(DEFAULT_RUBRIC, [], { gold: "correct", question: "clear" })).toBeNull();
  });

  it.each([
    ["a turn the item does not have", { ...ALL, "gold@t4": "correct" }, "gold@t4", "noTurn", { label: GOLD, turn: 4 }],
    ["a turn of the other type", { ...ALL, "gold@t2": "correct" }, "gold@t2", "noTurn", { label: GOLD, turn: 2 }],
    ["a whole-item label on a per-turn dimension", { ...ALL, gold: "correct" }, "gold", "perTurnLabel", { label: GOLD }],
    ["a key of no dimension", { ...ALL, safety: "x" }, "safety", "unknownDimension", { dimension: "safety" }],
    ["a turn missing", { "gold@t1": "correct", "evidence@t2": "complete" }, "gold@t3", "finalLabelOnTurn", { label: GOLD, turn: 3 }],
    [
      "another dimension's category",
      { ...ALL, "evidence@t2": "correct" },
      "evidence@t2",
      "finalLabelOnTurn",
      { label: "Evidence set (per source turn)", turn: 2 },
    ],
  ])("names %s on a conversation", (_, labels, key, problem, values) => {
    expect(finalLabelProblem(CONVERSATION_RUBRIC, TURNS, labels)).toEqual({
      field: `finalLabels.${key}`,
      key: `adjudication.errors.${problem}`,
      values,
    });
  });

  it("keeps decision-point items as before: a dimension missing, a plain dimension asked per turn", () => {
    expect(finalLabelProblem(DEFAULT_RUBRIC, [], { gold: "correct" })).toEqual({
      field: "finalLabels.question",
      key: "adjudication.errors.finalLabel",
      values: { label: "Question clarity and clinical meaningfulness" },
    });
    expect(finalLabelProblem(DEFAULT_RUBRIC, TURNS, { gold: "correct", question: "clear", "question@t1": "clear" })).toMatchObject({
      key: "adjudication.errors.unknownDimension",
      values: { dimension: "question@t1" },
    });
  });
});

describe("questionMajorities", () => {
  it("takes each turn's majority from that turn's ratings only", () => {
    const asked = itemDimensions(CONVERSATION_RUBRIC, TURNS);
    expect(
      questionMajorities(asked, [
        { dimension: "gold@t1", category: "incorrect" },
        { dimension: "gold@t1", category: "correct" },
        { dimension: "gold@t3", category: "correct" },
        { dimension: "gold@t3", category: "correct" },
        { dimension: "evidence@t2", category: null },
        { dimension: "gold", category: "incorrect" },
      ]),
    ).toEqual({ "gold@t1": "uncertain", "gold@t3": "correct", "evidence@t2": null });
  });
});
