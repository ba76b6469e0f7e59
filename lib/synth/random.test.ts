import { describe, expect, it } from "vitest";
import { Rng } from "./random";
import { estimateTokens } from "./tokens";

describe("Rng", () => {
  it("is deterministic per seed and differs across seeds", () => {
    const a = new Rng("x");
    const b = new Rng("x");
    const c = new Rng("y");
    const sa = Array.from({ length: 20 }, () => a.uint32());
    expect(Array.from({ length: 20 }, () => b.uint32())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.uint32())).not.toEqual(sa);
  });

  it("forks depend on the seed and label only, not on draws made before", () => {
    const a = new Rng(1);
    const b = new Rng(1);
    b.next();
    b.normal();
    expect(a.fork("p").uint32()).toBe(b.fork("p").uint32());
    expect(a.fork("p").uint32()).not.toBe(a.fork("q").uint32());
  });

  it("keeps helpers inside their ranges", () => {
    const r = new Rng("ranges");
    for (let i = 0; i < 2000; i++) {
      const n = r.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      const f = r.float(1, 2);
      expect(f).toBeGreaterThanOrEqual(1);
      expect(f).toBeLessThan(2);
      expect(r.clampedNormal(0, 5, -1, 1)).toBeLessThanOrEqual(1);
    }
    expect(() => r.int(2, 1)).toThrow();
  });

  it("shuffles to a permutation and weighted-picks by weight", () => {
    const r = new Rng("perm");
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 4000; i++)
      counts[
        r.weighted([
          ["a", 3],
          ["b", 1],
        ] as const)
      ]++;
    expect(counts.a / 4000).toBeGreaterThan(0.7);
    expect(counts.a / 4000).toBeLessThan(0.8);
    expect(
      r.weighted([
        ["only", 0],
        ["this", 1],
      ] as const),
    ).toBe("this");
  });

  it("gives a roughly standard normal", () => {
    const r = new Rng("normal");
    const xs = Array.from({ length: 5000 }, () => r.normal());
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(sd - 1)).toBeLessThan(0.05);
  });
});

describe("estimateTokens", () => {
  it("counts ~4 ASCII characters and 1 CJK character per token", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens("妊娠期糖尿病")).toBe(6);
    expect(estimateTokens("血压 120/80")).toBe(2 + 2);
  });
});
