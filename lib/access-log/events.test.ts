import { expect, test } from "vitest";
import { dayRange, parseAccessFilters, pruneDue, retentionCutoff, writeWithOneRetry } from "./events";

test("a failed write is retried once, then reported and dropped without throwing", async () => {
  const reports: number[] = [];
  let calls = 0;
  const flaky = async () => {
    if (++calls === 1) throw new Error("busy");
  };
  expect(await writeWithOneRetry([1, 2], flaky, (_e, attempt) => reports.push(attempt))).toBe(true);
  expect([calls, reports]).toEqual([2, [1]]);
  const down = async () => {
    throw new Error("down");
  };
  const all: number[] = [];
  expect(await writeWithOneRetry([1], down, (_e, attempt, rows) => all.push(attempt * 10 + rows))).toBe(false);
  expect(all).toEqual([11, 21]);
});

test("retention and the once-a-day prune", () => {
  const now = new Date("2026-12-03T12:00:00Z");
  expect(retentionCutoff(now, 400).toISOString()).toBe("2025-10-29T12:00:00.000Z");
  expect(pruneDue(null, now)).toBe(true);
  expect(pruneDue(new Date("2026-12-03T00:00:00Z"), now)).toBe(false);
  expect(pruneDue(new Date("2026-12-02T12:00:00Z"), now)).toBe(true);
});

test("filters from the URL: malformed days are dropped, the day range covers the last day whole", () => {
  const q = new URLSearchParams("user=u1&patient=%20P-7%20&from=2026-11-30&to=2026-12-01&x=1");
  const f = parseAccessFilters((k) => q.get(k) ?? undefined);
  expect(f).toEqual({ userId: "u1", patient: "P-7", from: "2026-11-30", to: "2026-12-01" });
  expect(dayRange(f)).toEqual({ gte: new Date("2026-11-30T00:00:00Z"), lt: new Date("2026-12-02T00:00:00Z") });
  expect(parseAccessFilters((k) => ({ from: "2026-13-45", to: "yesterday" })[k])).toEqual({});
});
