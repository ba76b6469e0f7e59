import { describe, expect, it } from "vitest";
import {
  backoffMs,
  BASE_LOCK_MS,
  failureKinds,
  isLocked,
  LIMITS,
  LOCK_MS,
  MAX_FAILURES,
  recordFailure,
  waitMs,
  WINDOW_MS,
  type AttemptState,
} from "./throttle";

const t0 = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("sign-in throttle", () => {
  it("backs off once the limit is reached, doubling with each further failure, up to the cap", () => {
    let s: AttemptState | null = null;
    for (let i = 0; i < MAX_FAILURES - 1; i++) s = recordFailure(s, at(i * 1000));
    expect(isLocked(s, at(5000))).toBe(false);
    s = recordFailure(s, at(5000));
    expect(isLocked(s, at(5001))).toBe(true);
    expect(isLocked(s, at(5000 + BASE_LOCK_MS + 1))).toBe(false);
    s = recordFailure(s, at(5000 + BASE_LOCK_MS + 1));
    expect(s.lockedUntil!.getTime() - (5000 + BASE_LOCK_MS + 1) - t0.getTime()).toBe(2 * BASE_LOCK_MS);
    expect(backoffMs(MAX_FAILURES + 100, MAX_FAILURES)).toBe(LOCK_MS);
    expect(backoffMs(MAX_FAILURES - 1, MAX_FAILURES)).toBe(0);
  });

  it("starts over once a whole window has passed since the first failure and the last wait", () => {
    let s: AttemptState | null = null;
    for (let i = 0; i < MAX_FAILURES - 1; i++) s = recordFailure(s, at(0));
    s = recordFailure(s, at(WINDOW_MS + 1));
    expect(s.failures).toBe(1);
    expect(isLocked(s, at(WINDOW_MS + 2))).toBe(false);
  });

  it("a browser with the account's device cookie is judged by its own record alone", () => {
    const locked = { failures: 50, windowStart: t0, lockedUntil: at(LOCK_MS) };
    const clean = { failures: 0, windowStart: t0, lockedUntil: null };
    // A stranger locked the account, the shared address and their own pair.
    expect(waitMs({ account: locked, address: locked, pair: locked }, at(1000))).toBeGreaterThan(0);
    expect(waitMs({ account: locked, address: locked, pair: locked, device: clean }, at(1000))).toBe(0);
    expect(waitMs({ account: clean, device: locked }, at(1000))).toBeGreaterThan(0);
    expect(failureKinds(["account", "address", "pair", "device"])).toEqual(["account", "address", "device"]);
    expect(LIMITS.account).toBeGreaterThan(LIMITS.pair);
  });
});
