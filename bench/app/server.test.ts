import { describe, expect, it } from "vitest";
import { processCpuMs } from "./server";

describe("processCpuMs", () => {
  it("reads a process's CPU time from /proc, growing as it works", () => {
    const before = processCpuMs(process.pid);
    expect(Number.isFinite(before)).toBe(true);
    const until = performance.now() + 60;
    let x = 0;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    // 60 ms of spinning is at least a few clock ticks (10 ms each at the usual 100 Hz).
    expect(processCpuMs(process.pid) - before).toBeGreaterThanOrEqual(20);
  });

  it("is NaN for no process or one that does not exist", () => {
    expect(processCpuMs(undefined)).toBeNaN();
    expect(processCpuMs(2 ** 22 + 12345)).toBeNaN();
  });
});
