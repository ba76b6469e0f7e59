import { describe, expect, it } from "vitest";
import { isLocked, LOCK_MS, MAX_FAILURES, recordFailure, WINDOW_MS, type AttemptState } from "./throttle";

const t0 = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("sign-in throttle", () => {
  it("locks after the maximum failures within the window, for the lock period", () => {
    let s: AttemptState | null = null;
    for (let i = 0; i < MAX_FAILURES - 1; i++) s = recordFailure(s, at(i * 1000));
    expect(isLocked(s, at(5000))).toBe(false);
    s = recordFailure(s, at(5000));
    expect(isLocked(s, at(5001))).toBe(true);
    expect(isLocked(s, at(5000 + LOCK_MS + 1))).toBe(false);
  });
  it("starts a new window when the old one has passed", () => {
    let s: AttemptState | null = null;
    for (let i = 0; i < MAX_FAILURES - 1; i++) s = recordFailure(s, at(0));
    s = recordFailure(s, at(WINDOW_MS + 1));
    expect(s.failures).toBe(1);
    expect(isLocked(s, at(WINDOW_MS + 2))).toBe(false);
  });
});
