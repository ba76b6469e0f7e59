import { afterEach, describe, expect, it, vi } from "vitest";
import { fullCollection, idleCollector } from "./idle-gc";

describe("idleCollector", () => {
  afterEach(() => vi.useRealTimers());

  it("collects once, after the last of overlapping jobs, never while one runs", async () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = idleCollector(collect, 100);
    let finishA!: () => void;
    let finishB!: () => void;
    const a = idle.run(() => new Promise<void>((r) => (finishA = r)));
    const b = idle.run(() => new Promise<void>((r) => (finishB = r)));
    finishA();
    await a;
    await vi.advanceTimersByTimeAsync(500);
    expect(collect).not.toHaveBeenCalled();
    finishB();
    await b;
    await vi.advanceTimersByTimeAsync(99);
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("a job that starts before the delay ends puts the collection off; a failed job still schedules it", async () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = idleCollector(collect, 100);
    await idle.run(async () => 1);
    await vi.advanceTimersByTimeAsync(50);
    await expect(idle.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await vi.advanceTimersByTimeAsync(99);
    expect(collect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(collect).toHaveBeenCalledTimes(1);
  });
});

describe("fullCollection", () => {
  it("frees what is no longer referenced", () => {
    const gc = fullCollection();
    let junk: object[] | null = Array.from({ length: 500_000 }, (_, i) => ({ i, s: `x${i}` }));
    const held = process.memoryUsage().heapUsed;
    junk = null;
    gc();
    expect(junk).toBeNull();
    expect(process.memoryUsage().heapUsed).toBeLessThan(held - 20 * 1048576);
  });
});
