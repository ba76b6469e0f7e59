import { afterEach, describe, expect, it, vi } from "vitest";
import { fullCollection, idleCollector, shedToBudget } from "./idle-gc";

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

describe("shedToBudget", () => {
  /** A heap of kept values of the given sizes (MB), oldest first, and 20 MB of the thread's own. */
  function heap(sizes: number[], limitMb: number, share = 0.5) {
    const kept = [...sizes];
    const collect = vi.fn();
    const budget = {
      collect,
      used: () => (20 + kept.reduce((a, b) => a + b, 0)) * 1048576,
      limit: limitMb * 1048576,
      share,
      dropOldest: () => kept.length > 1 && kept.shift() !== undefined,
    };
    return { kept, collect, budget };
  }

  it("lets nothing go while the kept values fit within the share", () => {
    const { kept, collect, budget } = heap([30, 25], 172);
    expect(shedToBudget(budget)).toBe(0);
    expect(kept).toEqual([30, 25]);
    expect(collect).not.toHaveBeenCalled();
  });

  it("lets the oldest go first, collecting after each, until the rest fits", () => {
    const { kept, collect, budget } = heap([30, 25, 38, 12], 172);
    // 20 + 105 = 125 MB > 86 MB: the 30 and the 25 go (70 MB left).
    expect(shedToBudget(budget)).toBe(2);
    expect(kept).toEqual([38, 12]);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it("stops when nothing more may go, even over the share", () => {
    const { kept, budget } = heap([40, 90], 172);
    expect(shedToBudget(budget)).toBe(1);
    expect(kept).toEqual([90]);
  });
});
