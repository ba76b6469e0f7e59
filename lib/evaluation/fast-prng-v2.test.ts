import { describe, expect, it } from "vitest";
import { createPrngV2, Prng32 } from "@/lib/sampling/prng-v2";
import { createFastPrngV2, FastPrng32 } from "./fast-prng-v2";

const SEEDS: [string, string][] = [
  ["42", ""],
  ["clinaudit-eval/v2 []", "eval/shared-draws"],
  ["é-naïve", "stratum:L2"],
];

describe("fast PRNG v2 twin equals the reference", () => {
  it.each(SEEDS)("words, seed %s stream %s", (seed, stream) => {
    const ref = createPrngV2(seed, stream);
    const fast = createFastPrngV2(seed, stream);
    for (let i = 0; i < 3000; i++) expect(fast.nextWord()).toBe(ref.nextWord());
  });

  it.each(SEEDS)("nextInt over many bounds and nextFloat, interleaved, seed %s", (seed, stream) => {
    const ref = createPrngV2(seed, stream);
    const fast = createFastPrngV2(seed, stream);
    const bounds = [1, 2, 3, 7, 976, 1500, 65_537, 2 ** 21 - 1, 2 ** 21, 2 ** 21 + 1, 2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32];
    for (let i = 0; i < 3000; i++) {
      const n = bounds[i % bounds.length] as number;
      expect(fast.nextInt(n)).toBe(ref.nextInt(n));
      if (i % 7 === 0) expect(fast.nextFloat()).toBe(ref.nextFloat());
    }
  });

  it("fill gives the reference's nextInt sequence, across odd run lengths and pending words", () => {
    for (const n of [2, 3, 976, 1499, 2 ** 21, 2 ** 21 + 5, 2 ** 31 + 1]) {
      const ref = createPrngV2("fill", String(n));
      const fast = createFastPrngV2("fill", String(n));
      for (const len of [1, 2, 3, 976, 5, 0, 1001]) {
        const out = new Int32Array(len + 2).fill(-7);
        fast.fill(n, out, 1, len + 1);
        const want = Array.from({ length: len }, () => ref.nextInt(n));
        expect(Array.from(out.subarray(1, len + 1))).toEqual(want);
        expect([out[0], out[len + 1]]).toEqual([-7, -7]);
        expect(fast.nextInt(n)).toBe(ref.nextInt(n)); // interleaving with single draws keeps alignment
      }
    }
  });

  it("fill with n = 1 draws nothing", () => {
    const fast = createFastPrngV2("one");
    const ref = createPrngV2("one");
    const out = new Int32Array(5).fill(9);
    fast.fill(1, out);
    expect(Array.from(out)).toEqual([0, 0, 0, 0, 0]);
    expect(fast.nextInt(976)).toBe(ref.nextInt(976));
  });

  it("state halves with every bit pattern (carries, sign bits)", () => {
    const states: [bigint, bigint, bigint, bigint][] = [
      [0xffffffffffffffffn, 0xffffffffffffffffn, 0xffffffffffffffffn, 0xffffffffffffffffn],
      [0x8000000080000000n, 0x7fffffff7fffffffn, 0xffffffff00000000n, 0x00000000ffffffffn],
    ];
    for (const s of states) {
      const fast = new FastPrng32(s);
      const out = new Int32Array(500);
      fast.fill(977, out);
      const ref = new Prng32(s);
      expect(Array.from(out)).toEqual(Array.from({ length: 500 }, () => ref.nextInt(977)));
    }
  });

  it("fill across the module's page (more than 16,384 draws in one call)", () => {
    const ref = createPrngV2("page", "");
    const fast = createFastPrngV2("page", "");
    const out = new Int32Array(40_000);
    fast.fill(977, out, 3, 39_999);
    expect(Array.from(out.subarray(3, 39_999))).toEqual(Array.from({ length: 39_996 }, () => ref.nextInt(977)));
    expect(fast.nextWord()).toBe(ref.nextWord());
  });

  it("generators are independent (each has its own state)", () => {
    const [a, b] = [createFastPrngV2("a"), createFastPrngV2("b")];
    const [ra, rb] = [createPrngV2("a"), createPrngV2("b")];
    for (let i = 0; i < 100; i++) {
      expect(a.nextInt(976)).toBe(ra.nextInt(976));
      expect(b.nextInt(1500)).toBe(rb.nextInt(1500));
    }
  });
});
