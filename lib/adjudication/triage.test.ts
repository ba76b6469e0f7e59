import { describe, expect, it } from "vitest";
import { triageReasons } from "./triage";

describe("triage of per-turn ratings", () => {
  const rubric = [
    { key: "gold", tieCategory: "uncertain", errorCategory: "incorrect" },
    { key: "evidence", tieCategory: "partial", errorCategory: "unsupported" },
  ];
  /** The reasons for ratings written "key=category". */
  const reasons = (...ratings: string[]) =>
    triageReasons(rubric, {
      ratings: ratings.map((r) => ({ dimension: r.split("=")[0]!, category: r.split("=")[1]! })),
      corrections: 0,
    });

  it.each([
    ["two raters alike on every turn", ["gold@t1=correct", "gold@t3=correct", "gold@t1=correct", "gold@t3=correct"], []],
    ["a split on one turn", ["gold@t1=correct", "gold@t3=correct", "gold@t1=uncertain", "gold@t3=correct"], ["disagreement", "flagged"]],
    // Different answers on different turns are no disagreement.
    ["one rater, two turns", ["gold@t1=correct", "gold@t3=incorrect"], ["flagged"]],
    ["one rater, two turns alike", ["gold@t1=correct", "gold@t3=correct"], []],
    ["an error category on a source turn", ["evidence@t2=unsupported"], ["flagged"]],
    ["a dimension outside the rubric", ["safety@t1=a", "safety@t1=b"], []],
  ])("judges each turn apart: %s", (_, ratings, expected) => {
    expect(reasons(...ratings)).toEqual(expected);
  });
});
