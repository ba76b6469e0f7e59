import { describe, expect, it } from "vitest";
import { shownUnder, turnView } from "./turn-view";

const KEYS = ["gold@t3", "gold@t1", "question@t1", "question@t3", "overall"];

describe("turnView", () => {
  it("shows the first turn by default, a chosen one, or all; whole-item dimensions always", () => {
    const first = turnView(KEYS, undefined);
    expect(first).toEqual({ turns: [1, 3], chosen: 1 });
    expect(KEYS.filter((k) => shownUnder(first, k))).toEqual(["gold@t1", "question@t1", "overall"]);
    const third = turnView(KEYS, "3");
    expect(KEYS.filter((k) => shownUnder(third, k))).toEqual(["gold@t3", "question@t3", "overall"]);
    expect(KEYS.filter((k) => shownUnder(turnView(KEYS, ["all"]), k))).toEqual(KEYS);
  });

  it("falls back to the first turn for a turn the report lacks or a malformed value", () => {
    expect(turnView(KEYS, "2").chosen).toBe(1);
    expect(turnView(KEYS, "1e0x").chosen).toBe(1);
  });

  it("has nothing to choose for a rubric without per-turn dimensions", () => {
    const view = turnView(["gold", "question"], "1");
    expect(view).toEqual({ turns: [], chosen: "all" });
    expect(shownUnder(view, "gold")).toBe(true);
  });
});
