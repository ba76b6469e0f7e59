import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { latestEvery } from "./latest-every";

describe("latestEvery", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends at once, then at most every ms per key, the latest state last", () => {
    const state = new Map([["a", 0]]);
    const out: string[] = [];
    const changed = latestEvery(
      200,
      (key: string) => {
        out.push(`${key}=${state.get(key)}`);
        return true;
      },
      () => Date.now(),
    );
    changed("a");
    expect(out).toEqual(["a=0"]);
    for (const v of [1, 2, 3]) {
      state.set("a", v);
      changed("a");
    }
    // Other keys are their own.
    state.set("b", 9);
    changed("b");
    expect(out).toEqual(["a=0", "b=9"]);
    vi.advanceTimersByTime(199);
    expect(out).toEqual(["a=0", "b=9"]);
    vi.advanceTimersByTime(1);
    expect(out).toEqual(["a=0", "b=9", "a=3"]);
    // Quiet for longer than ms: at once again.
    vi.advanceTimersByTime(500);
    state.set("a", 4);
    changed("a");
    expect(out).toEqual(["a=0", "b=9", "a=3", "a=4"]);
  });

  it("forgets a key with nothing left to tell, and sends its next change at once", () => {
    let left = true;
    const out: number[] = [];
    const changed = latestEvery(
      200,
      () => {
        out.push(Date.now());
        return left;
      },
      () => Date.now(),
    );
    changed("a");
    changed("a");
    left = false;
    vi.advanceTimersByTime(200);
    expect(out).toHaveLength(2);
    left = true;
    changed("a");
    expect(out).toHaveLength(3);
  });
});
