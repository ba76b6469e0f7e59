import { describe, expect, it } from "vitest";
import { SeedError, Xoshiro256ss, canonicalSeed, createPrng, partialShuffle, seedState } from "@/lib/sampling/prng";

describe("xoshiro256** core", () => {
  // Reference values from the authors' C code (xoshiro256starstar.c), compiled with gcc.
  it("matches the reference implementation for state [1, 2, 3, 4]", () => {
    const g = new Xoshiro256ss([1n, 2n, 3n, 4n]);
    const out = Array.from({ length: 6 }, () => g.nextUint64());
    expect(out).toEqual([11520n, 0n, 1509978240n, 1215971899390074240n, 1216172134540287360n, 607988272756665600n]);
  });

  it("matches the reference implementation for a full-width state", () => {
    const g = new Xoshiro256ss([0x0123456789abcdefn, 0xfedcba9876543210n, 0xdeadbeefcafebaben, 0x0f1e2d3c4b5a6978n]);
    const out = Array.from({ length: 6 }, () => g.nextUint64());
    expect(out).toEqual([
      7378697629483822181n,
      13454482620718397803n,
      12695482600735065931n,
      12442579426347178448n,
      8353574210123691020n,
      7896349549719405595n,
    ]);
  });

  it("rejects the all-zero state", () => {
    expect(() => new Xoshiro256ss([0n, 0n, 0n, 0n])).toThrow(SeedError);
  });
});

describe("seeding (frozen spec v1)", () => {
  // Computed independently in Python: hashlib.sha256('["clinaudit-prng",1,"42","srs"]').
  it("derives the state from SHA-256 of the JSON seed material", () => {
    expect(seedState(42, "srs")).toEqual([0x3209f4c2b0337374n, 0xee063d841c13a31fn, 0x4b1dcbc16a2eeb0fn, 0xafb747e4e345d3ffn]);
    const g = createPrng("42", "srs");
    expect([g.nextUint64(), g.nextUint64(), g.nextUint64()]).toEqual([10117367863432330347n, 1529234754769538625n, 808282191424141760n]);
  });

  it("treats an integer seed and its decimal string as the same seed", () => {
    expect(canonicalSeed(42)).toBe("42");
    expect(canonicalSeed(-7)).toBe("-7");
    expect(seedState(42)).toEqual(seedState("42"));
  });

  it("NFC-normalises string seeds so visually equal seeds draw alike", () => {
    expect(seedState("cafe\u0301")).toEqual(seedState("caf\u00e9"));
  });

  it("gives independent streams for different labels and seeds", () => {
    expect(seedState("s", "a")).not.toEqual(seedState("s", "b"));
    expect(seedState("s1")).not.toEqual(seedState("s2"));
    // JSON framing: moving text between seed and label must not collide.
    expect(seedState("ab", "c")).not.toEqual(seedState("a", "bc"));
  });

  it.each([
    ["", "empty"],
    [" x", "whitespace"],
    ["x\n", "whitespace"],
    ["x".repeat(257), "at most"],
    [1.5, "safe integer"],
    [Number.NaN, "safe integer"],
    [2 ** 60, "safe integer"],
  ])("rejects seed %j", (seed, message) => {
    expect(() => canonicalSeed(seed)).toThrow(message);
  });
});

describe("nextInt / nextFloat", () => {
  it("stays in range and validates the bound", () => {
    const g = createPrng("range");
    for (const n of [1, 2, 3, 7, 1000, 2 ** 40 + 3, 2 ** 53]) {
      for (let i = 0; i < 50; i++) {
        const x = g.nextInt(n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
    for (const bad of [0, -1, 1.5, 2 ** 53 + 2, Number.POSITIVE_INFINITY]) expect(() => g.nextInt(bad)).toThrow(RangeError);
  });

  it("nextInt(1) consumes no randomness (part of the spec)", () => {
    const a = createPrng("one");
    const b = createPrng("one");
    a.nextInt(1);
    expect(a.nextUint64()).toBe(b.nextUint64());
  });

  it("is roughly uniform for a bound that does not divide 2^64", () => {
    const g = createPrng("uniform");
    const n = 7;
    const draws = 35_000;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < draws; i++) counts[g.nextInt(n)]! += 1;
    const expected = draws / n;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(22.46); // χ²(6) at p = 0.001
  });

  it("nextFloat lies in [0, 1)", () => {
    const g = createPrng("float");
    for (let i = 0; i < 1000; i++) {
      const x = g.nextFloat();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe("partialShuffle", () => {
  it("returns a selection of distinct elements and leaves a permutation behind", () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const picked = partialShuffle(items, 10, createPrng("ps"));
    expect(new Set(picked).size).toBe(10);
    expect([...items].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(items.slice(0, 10)).toEqual(picked);
  });

  it("validates count", () => {
    expect(() => partialShuffle([1, 2], 3, createPrng("x"))).toThrow(RangeError);
    expect(() => partialShuffle([1, 2], -1, createPrng("x"))).toThrow(RangeError);
    expect(partialShuffle([1, 2], 0, createPrng("x"))).toEqual([]);
  });
});
