import { describe, expect, it } from "vitest";
import { manualLines, pickHistories, planAssignments, type HistoryStat } from "./world";

const stat = (externalId: string, tokens: number, events = 10): HistoryStat => ({ externalId, tokens, events });

describe("pickHistories", () => {
  const stats = [stat("a", 12_000), stat("b", 31_500), stat("c", 29_200), stat("d", 88_000), stat("e", 0, 0), stat("f", 900)];
  it("finds the item closest to the target, the longest and the shortest non-empty history", () => {
    const h = pickHistories(stats, 30_000);
    expect(h.mid.externalId).toBe("c");
    expect(h.longest.externalId).toBe("d");
    expect(h.short.externalId).toBe("f");
  });
  it("keeps the three items different when the longest is the closest to the target", () => {
    const h = pickHistories([stat("a", 1_000), stat("b", 5_000), stat("c", 9_000)], 30_000);
    expect([h.short.externalId, h.mid.externalId, h.longest.externalId]).toEqual(["a", "b", "c"]);
  });
  it("refuses fewer than three non-empty histories", () => {
    expect(() => pickHistories([stat("a", 1), stat("b", 2), stat("z", 0, 0)], 30_000)).toThrow(/at least 3 items/);
  });
});

describe("planAssignments", () => {
  const ids = Array.from({ length: 20 }, (_, i) => `I${i}`);
  const h = pickHistories([stat("I3", 30_000), stat("I9", 90_000), stat("I15", 50)], 30_000);
  it("puts the three targets first and fills each queue with distinct other items", () => {
    const plan = planAssignments(ids, h, ["x@b.c", "y@b.c"], 8);
    for (const items of plan.values()) {
      expect(items.slice(0, 3)).toEqual(["I3", "I9", "I15"]);
      expect(new Set(items).size).toBe(8);
    }
    expect(plan.get("x@b.c")).not.toEqual(plan.get("y@b.c"));
  });
  it("refuses more items per clinician than the dataset has", () => {
    expect(() => planAssignments(ids, h, ["x@b.c"], 21)).toThrow(/cannot give each clinician 21 items out of 20/);
  });
  it("writes MANUAL design lines", () => {
    expect(manualLines(new Map([["x@b.c", ["I1", "I2"]]]))).toBe("I1, x@b.c\nI2, x@b.c");
  });
});
