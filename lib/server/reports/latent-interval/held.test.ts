import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeldJobs } from "./held";
import type { IntervalRequest } from "./runner";

const URL = "file:/tmp/x.db";
const job = (auditId: string, dimension: string, inputs: string, inMs: number) => ({ scope: URL, auditId, dimension, inputs, inMs });

describe("HeldJobs", () => {
  let due: { auditId: string; requests: IntervalRequest[] }[];
  let held: HeldJobs;

  beforeEach(() => {
    vi.useFakeTimers();
    due = [];
    held = new HeldJobs((url, auditId, requests) => {
      expect(url).toBe(URL);
      due.push({ auditId, requests });
    });
  });
  afterEach(() => {
    held.clear();
    vi.useRealTimers();
  });

  it("hands each audit's jobs back once they may start, not before, and once", () => {
    held.hold([job("a", "gold", "g1", 3000), job("a", "question", "q1", 5000), job("b", "gold", "b1", 3000)]);
    vi.advanceTimersByTime(2999);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(due).toEqual([
      { auditId: "a", requests: [{ dimension: "gold", inputs: "g1" }] },
      { auditId: "b", requests: [{ dimension: "gold", inputs: "b1" }] },
    ]);
    expect(held.status(URL, "a").map((s) => s.dimension)).toEqual(["question"]);
    vi.advanceTimersByTime(2000);
    expect(due.at(-1)).toEqual({ auditId: "a", requests: [{ dimension: "question", inputs: "q1" }] });
    vi.advanceTimersByTime(60_000);
    expect(due).toHaveLength(3);
    expect(held.status(URL, "a")).toEqual([]);
  });

  it("says a held job waits, with the time left", () => {
    held.hold([job("a", "gold", "g1", 4000)]);
    vi.advanceTimersByTime(1000);
    expect(held.status(URL, "a")).toEqual([{ dimension: "gold", inputs: "g1", done: 0, total: 0, remainingMs: null, quietInMs: 3000 }]);
    expect(held.status(URL, "other")).toEqual([]);
  });

  it("keeps a held dimension asked again: its time for the same inputs, the whole quiet time for newer ones", () => {
    held.hold([job("a", "gold", "g1", 3000)]);
    vi.advanceTimersByTime(1000);
    // The same inputs, and a dimension not held: only the latter passes.
    expect(
      held.pass(
        URL,
        "a",
        [
          { dimension: "gold", inputs: "g1" },
          { dimension: "question", inputs: "q1" },
        ],
        60_000,
      ),
    ).toEqual([{ dimension: "question", inputs: "q1" }]);
    vi.advanceTimersByTime(2000);
    expect(due).toEqual([{ auditId: "a", requests: [{ dimension: "gold", inputs: "g1" }] }]);
    // Held again, then asked for newer inputs: they wait the quiet time from then.
    held.hold([job("a", "gold", "g2", 3000)]);
    vi.advanceTimersByTime(2000);
    expect(held.pass(URL, "a", [{ dimension: "gold", inputs: "g3" }], 5000)).toEqual([]);
    vi.advanceTimersByTime(4999);
    expect(due).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(due.at(-1)).toEqual({ auditId: "a", requests: [{ dimension: "gold", inputs: "g3" }] });
  });

  it("passes every request of an audit with nothing held, and forgets all on clear", () => {
    expect(held.pass(URL, "a", [{ dimension: "gold", inputs: "g1" }], 5000)).toEqual([{ dimension: "gold", inputs: "g1" }]);
    held.hold([job("a", "gold", "g1", 3000)]);
    held.clear();
    vi.advanceTimersByTime(10_000);
    expect(due).toEqual([]);
    expect(held.status(URL, "a")).toEqual([]);
  });
});
