import { describe, expect, it } from "vitest";
import { classifySave, Ledger, parseActionResponse, savePlan } from "./saves-plan";

const RUBRIC = [
  { key: "gold", categories: ["correct", "incorrect", "uncertain"] },
  { key: "question", categories: ["clear", "ambiguous", "unreasonable"] },
];

describe("savePlan", () => {
  const plan = savePlan(
    [
      ["a1", "a2", "a3"],
      ["b1", "b2", "b3"],
    ],
    8,
    RUBRIC,
    4,
  );
  it("cycles each rater over their own (assignment, dimension) pairs", () => {
    expect(plan).toHaveLength(2);
    expect(plan[0]!.map((s) => `${s.assignmentId}/${s.dimension}`)).toEqual([
      "a1/gold",
      "a1/question",
      "a2/gold",
      "a2/question",
      "a1/gold",
      "a1/question",
      "a2/gold",
      "a2/question",
    ]);
    expect(plan[1]!.every((s) => s.assignmentId.startsWith("b"))).toBe(true);
  });
  it("changes the category between two saves of the same pair and uses only rubric categories", () => {
    expect(plan[0]![0]!.category).not.toBe(plan[0]![4]!.category);
    for (const s of plan.flat()) expect(RUBRIC.find((d) => d.key === s.dimension)!.categories).toContain(s.category);
  });
  it("refuses a plan that needs more assignments than a rater has", () => {
    expect(() => savePlan([["a1"]], 4, RUBRIC, 4)).toThrow(/rater 1 has 1 assignments; the plan needs 2/);
  });
});

describe("Ledger", () => {
  it("finds lost, changed and unexpected ratings", () => {
    const l = new Ledger();
    const s1 = { assignmentId: "a", dimension: "gold", category: "correct" };
    expect(l.version(s1)).toBe(0);
    l.acknowledge(s1, 1);
    l.acknowledge({ ...s1, category: "incorrect" }, 2);
    l.acknowledge({ assignmentId: "b", dimension: "gold", category: "correct" }, 1);
    expect(l.acknowledged).toBe(3);
    expect(l.version(s1)).toBe(2);
    expect(
      l.compare([
        { assignmentId: "a", dimension: "gold", category: "incorrect", version: 2 },
        { assignmentId: "b", dimension: "gold", category: "correct", version: 1 },
      ]),
    ).toEqual({ lost: [], unexpected: [] });
    const bad = l.compare([
      { assignmentId: "a", dimension: "gold", category: "correct", version: 1 },
      { assignmentId: "c", dimension: "gold", category: "clear", version: 1 },
    ]);
    expect(bad.lost).toEqual(["a|gold: acknowledged v2 incorrect, stored v1 correct", "b|gold: acknowledged v1 correct, stored nothing"]);
    expect(bad.unexpected).toEqual(["c|gold: v1 clear"]);
  });
});

describe("server action answers", () => {
  // Captured from saveRatingAction (Next 16.4.6) in Chromium.
  const saved =
    '0:{"a":"$@1","q":"","i":false,"b":"m9JwNtfhAZwlGTxcrSr2a"}\n1:{"ok":true,"data":{"dimension":"gold","category":"correct","version":1}}\n';
  const refused =
    '0:{"a":"$@1","q":"","i":false,"b":"m9JwNtfhAZwlGTxcrSr2a"}\n1:{"ok":false,"error":"That category is not part of the rubric."}\n';
  const step = { assignmentId: "a", dimension: "gold", category: "correct" };
  it("reads the result row the head row points to", () => {
    expect(parseActionResponse(saved)).toEqual({ ok: true, data: { dimension: "gold", category: "correct", version: 1 } });
    expect(() => parseActionResponse("<html>login</html>")).toThrow(/not a server action answer/);
    expect(() => parseActionResponse('0:{"a":"$@2"}\n1:{}\n')).toThrow(/lacks row 2/);
  });
  it("classifies saved, conflicting and refused saves", () => {
    expect(classifySave(parseActionResponse(saved), step, 0)).toEqual({ kind: "saved", version: 1 });
    expect(classifySave(parseActionResponse(saved), step, 1).kind).toBe("error");
    expect(classifySave(parseActionResponse(refused), step, 0)).toEqual({
      kind: "error",
      message: "That category is not part of the rubric.",
    });
    expect(classifySave({ ok: false, error: "Changed", conflict: { current: {} } }, step, 0).kind).toBe("conflict");
    expect(classifySave({ dimension: "gold", category: "correct", version: 1 }, step, 0).kind).toBe("error");
  });
});
