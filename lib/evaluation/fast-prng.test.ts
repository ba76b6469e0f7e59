import { describe, expect, it } from "vitest";
import { createPrng, seedState, Xoshiro256ss } from "@/lib/sampling/prng";
import { createFastPrng, FastXoshiro256ss, mod64, rejects } from "./fast-prng";

describe("fast PRNG twin equals the frozen reference", () => {
  const cases: [string | number, string][] = [
    ["42", ""],
    [42, "eval/cluster-bootstrap"],
    ['clinaudit-eval/v1 ["gpt","full-ehr"]', "eval/paired-bootstrap"],
    ["é-naïve", "stratum:L2"],
  ];

  it.each(cases)("raw 64-bit words, seed %s stream %s", (seed, stream) => {
    const ref = createPrng(seed, stream);
    const fast = createFastPrng(seed, stream);
    for (let i = 0; i < 2000; i++) expect(fast.nextUint64()).toBe(ref.nextUint64());
  });

  it.each(cases)("nextInt over many bounds and nextFloat, interleaved, seed %s", (seed, stream) => {
    const ref = createPrng(seed, stream);
    const fast = createFastPrng(seed, stream);
    const bounds = [1, 2, 3, 5, 7, 976, 1500, 65_537, 2 ** 26 - 1, 2 ** 26, 2 ** 26 + 1, 2 ** 31 + 11, 2 ** 32, 2 ** 53 - 1, 2 ** 53];
    for (let i = 0; i < 3000; i++) {
      const n = bounds[i % bounds.length] as number;
      expect(fast.nextInt(n)).toBe(ref.nextInt(n));
      if (i % 7 === 0) expect(fast.nextFloat()).toBe(ref.nextFloat());
    }
  });

  it("nextInt agrees for 400 random bounds across [2, 2^26 + 2^20]", () => {
    const pick = createPrng("bounds");
    const ref = createPrng("sweep");
    const fast = createFastPrng("sweep");
    for (let j = 0; j < 400; j++) {
      const n = 2 + Math.floor(2 ** (pick.nextFloat() * 26.02)); // log-uniform
      for (let i = 0; i < 100; i++) expect(fast.nextInt(n)).toBe(ref.nextInt(n));
    }
  });

  it("64-bit reduction is exact at extreme words", () => {
    const words = [0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];
    for (const n of [2, 3, 975, 976, 977, 65_536, 65_537, 2 ** 25 + 1, 2 ** 26 - 1, 2 ** 26]) {
      const m = 2 ** 32 % n;
      for (const hi of [...words, n - 1, n, 2 * n - 1].filter((w) => w <= 0xffffffff)) {
        for (const lo of [...words, n - 1, n, (2 ** 32 - m) % 2 ** 32].filter((w) => w <= 0xffffffff)) {
          const x = (BigInt(hi) << 32n) | BigInt(lo);
          expect(mod64(hi, lo, n, m, 1 / n)).toBe(Number(x % BigInt(n)));
        }
      }
    }
  });

  it("state words with every bit pattern of the halves (carries, sign bits)", () => {
    const states: [bigint, bigint, bigint, bigint][] = [
      [0xffffffffffffffffn, 0xffffffffffffffffn, 0xffffffffffffffffn, 0xffffffffffffffffn],
      [1n, 0n, 0n, 0n],
      [0x8000000080000000n, 0x7fffffff7fffffffn, 0xffffffff00000000n, 0x00000000ffffffffn],
      [0n, 0x3333333333333333n, 0n, 0n],
    ];
    for (const s of states) {
      const ref = new Xoshiro256ss(s);
      const fast = new FastXoshiro256ss(s);
      for (let i = 0; i < 500; i++) expect(fast.nextUint64()).toBe(ref.nextUint64());
    }
  });

  it("rejection rule matches spec step 4 at its boundary", () => {
    // The branch has probability ~r/2^64, so test the predicate directly against BigInt.
    for (const n of [3, 7, 976, 1500, 2 ** 26 - 1]) {
      const r = Number((1n << 64n) % BigInt(n));
      const limit = (1n << 64n) - BigInt(r);
      for (const [hi, lo] of [
        [0xffffffff, 2 ** 32 - r],
        [0xffffffff, 2 ** 32 - r - 1],
        [0xffffffff, 2 ** 32 - 1],
        [0xfffffffe, 2 ** 32 - 1],
        [0, 0],
      ] as [number, number][]) {
        const x = (BigInt(hi) << 32n) | BigInt(lo);
        expect(rejects(hi, lo, r)).toBe(x >= limit);
      }
    }
    expect(rejects(0xffffffff, 0xffffffff, 0)).toBe(false); // powers of two never reject
  });

  it("n = 1 draws nothing; bad bounds and the zero state throw", () => {
    const ref = createPrng("s");
    const fast = createFastPrng("s");
    expect(fast.nextInt(1)).toBe(0);
    expect(fast.nextInt(10)).toBe(ref.nextInt(10));
    expect(() => fast.nextInt(0)).toThrow(RangeError);
    expect(() => fast.nextInt(2.5)).toThrow(RangeError);
    expect(() => fast.nextInt(NaN)).toThrow(RangeError);
    expect(() => new FastXoshiro256ss([0n, 0n, 0n, 0n])).toThrow();
    expect(seedState("s")).toEqual(seedState("s"));
  });
});
