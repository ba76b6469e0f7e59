import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createPrngV2, Prng32, seedStateV2 } from "./prng-v2";

const PYTHON_REFERENCE = path.join(import.meta.dirname, "__fixtures__", "prng_v2_reference.py");

function hasPython(): boolean {
  try {
    execFileSync("python3", ["-c", "import hashlib, json"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("PRNG spec v2 (frozen)", () => {
  // Golden values: computed with this file and, independently, with the Python
  // transcription of the spec in __fixtures__/prng_v2_reference.py. They must never change.
  it("derives the state from SHA-256 of the v2 seed material", () => {
    expect(seedStateV2(42, "srs")).toEqual([0x02633edffcaeaa3dn, 0xbaeec546b14c14ccn, 0xa17bb42ae8bd434cn, 0x738fd71602ebbe24n]);
  });

  it("gives the golden words, integers and floats", () => {
    const g = createPrngV2(42, "srs");
    expect(Array.from({ length: 8 }, () => g.nextWord())).toEqual([
      4233541269, 802418923, 637618696, 4023197376, 314487160, 3997447828, 1999373108, 75310891,
    ]);
    const h = createPrngV2("42", "srs");
    const bounds = [976, 3, 2, 2 ** 32];
    expect(Array.from({ length: 8 }, (_, i) => h.nextInt(bounds[i % 4] as number))).toEqual([962, 0, 0, 4023197376, 71, 2, 0, 75310891]);
    expect(Array.from({ length: 5 }, () => h.nextFloat())).toEqual([
      0.1871579716089038, 0.5683121324995076, 0.4823696253562597, 0.9419165799524352, 0.09358243048325243,
    ]);
    const e = createPrngV2("é-naïve", "eval/shared-draws");
    expect(Array.from({ length: 6 }, () => e.nextInt(976))).toEqual([923, 343, 145, 152, 330, 570]);
  });

  it("reads each 64-bit output of the v1 core as high word, then low word", () => {
    const state: [bigint, bigint, bigint, bigint] = [1n, 2n, 3n, 4n];
    const v2 = new Prng32(state);
    // xoshiro256** outputs for [1, 2, 3, 4]: 11520, 0, 1509978240 (see prng.test.ts).
    expect([v2.nextWord(), v2.nextWord(), v2.nextWord(), v2.nextWord(), v2.nextWord(), v2.nextWord()]).toEqual([
      0, 11520, 0, 0, 0, 1509978240,
    ]);
  });

  it("n = 1 draws nothing; bounds outside [1, 2^32] are refused", () => {
    const a = createPrngV2("s");
    const b = createPrngV2("s");
    expect(a.nextInt(1)).toBe(0);
    expect(a.nextInt(1000)).toBe(b.nextInt(1000));
    expect(() => a.nextInt(0)).toThrow(RangeError);
    expect(() => a.nextInt(2 ** 32 + 1)).toThrow(RangeError);
    expect(() => a.nextInt(2.5)).toThrow(RangeError);
  });

  it("is uniform where rejection matters most (n = 2^31 + 1 rejects about half the words)", () => {
    const g = createPrngV2("uniform");
    const n = 2 ** 31 + 1;
    let below = 0;
    for (let i = 0; i < 4000; i++) if (g.nextInt(n) < n / 2) below++;
    expect(Math.abs(below / 4000 - 0.5)).toBeLessThan(0.03);
  });

  it.runIf(hasPython())("equals an independent Python transcription of the spec", () => {
    const bounds = [2, 3, 5, 7, 976, 1500, 65_537, 2 ** 21, 2 ** 21 + 1, 2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32];
    for (const [seed, stream] of [
      ["42", ""],
      ["clinaudit-eval/v2 []", "eval/shared-draws"],
      ["é-naïve", "stratum:L2"],
    ] as const) {
      const out = JSON.parse(
        execFileSync("python3", [PYTHON_REFERENCE, seed, stream, "600", ...bounds.map(String)], { encoding: "utf8" }),
      ) as {
        state: string[];
        words: number[];
        ints: number[];
        floats: number[];
      };
      expect(seedStateV2(seed, stream).map((w) => w.toString(16).padStart(16, "0"))).toEqual(out.state);
      const g = createPrngV2(seed, stream);
      expect(Array.from({ length: 600 }, () => g.nextWord())).toEqual(out.words);
      const h = createPrngV2(seed, stream);
      expect(Array.from({ length: 600 }, (_, i) => h.nextInt(bounds[i % bounds.length] as number))).toEqual(out.ints);
      expect(Array.from({ length: 5 }, () => h.nextFloat())).toEqual(out.floats);
    }
  });
});
