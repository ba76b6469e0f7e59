import { describe, expect, it } from "vitest";
import { majorityVote } from "./majority-vote";

// categories: 0 correct, 1 incorrect, 2 uncertain
const UNCERTAIN = 2;

describe("majorityVote", () => {
  it("labels a strict plurality and sends splits to the tie category", () => {
    const v = majorityVote(
      [
        [0, 0, 1], // 2–1 → correct
        [0, 1, 2], // three-way split → uncertain
        [1, 1, 1], // unanimous → incorrect
        [0, 1, null], // 1–1 with a missing rating → uncertain
        [2, 2, 0], // plurality of uncertain itself
      ],
      3,
      UNCERTAIN,
    );
    expect(v.labels).toEqual([0, 2, 1, 2, 2]);
    expect(v.tied).toEqual([false, true, false, true, false]);
    expect(v.counts).toEqual([1, 1, 3]);
    expect(v.ties).toBe(2);
    expect(v.unrated).toBe(0);
  });

  it("uses any configured tie category, or none", () => {
    expect(majorityVote([[0, 1, 2]], 3, 0).labels).toEqual([0]);
    const none = majorityVote(
      [
        [0, 1, 2],
        [1, 1, 0],
      ],
      3,
      null,
    );
    expect(none.labels).toEqual([null, 1]);
    expect(none.counts).toEqual([0, 1, 0]);
    expect(none.ties).toBe(1);
  });

  it("labels an item rated once by its rating and leaves unrated items null", () => {
    const v = majorityVote(
      [
        [null, 1, null],
        [null, null, null],
      ],
      3,
      UNCERTAIN,
    );
    expect(v.labels).toEqual([1, null]);
    expect(v.unrated).toBe(1);
    expect(v.ties).toBe(0);
  });

  it("treats a 2–2 split among four raters as a tie", () => {
    expect(majorityVote([[0, 0, 1, 1]], 3, UNCERTAIN).labels).toEqual([UNCERTAIN]);
  });

  it("rejects a tie category outside the declared categories", () => {
    expect(() => majorityVote([[0]], 3, 3)).toThrow(RangeError);
  });
});
