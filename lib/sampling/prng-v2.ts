/**
 * Seeded PRNG, FROZEN SPECIFICATION version 2: the generator of v1 (lib/sampling/prng.ts)
 * read as a stream of 32-bit words, with bounded integers by Lemire's multiply-shift.
 *
 * Why a second version: v1 takes a whole 64-bit output per bounded integer and reduces it
 * with a 64-bit modulo, which JavaScript can only do through two 32-bit halves (~20 ns a
 * draw). Bootstraps draw millions of patient indices; v2 gets two draws out of each output
 * and needs one multiplication per draw. v1 is unchanged and stays the generator of audit
 * samples and of every result that recorded "v1"; a result records the version it used.
 * The output of this file must NEVER change either. docs/prng.md has both specs and golden
 * values; `prng-v2.test.ts` checks them against an independent Python transcription.
 *
 * Spec, v2:
 *   1. Canonical seed: as v1 (`canonicalSeed`).
 *   2. Stream state: SHA-256 over the UTF-8 bytes of
 *        JSON.stringify(["clinaudit-prng", 2, canonicalSeed, streamLabel])
 *      read as four big-endian uint64 words s0..s3 (as v1, with 2 for 1: the streams of the
 *      two versions never coincide).
 *   3. Generator: xoshiro256** 1.0, as v1.
 *   4. Words: each 64-bit output x gives two 32-bit words, first x >> 32, then x & (2^32 - 1).
 *      A word not yet used is kept for the next draw.
 *   5. Integers in [0, n), n an integer in [1, 2^32]: n = 1 returns 0 WITHOUT drawing.
 *      Otherwise draw a word w, m = w * n (exact, below 2^64), l = m mod 2^32; if l < n,
 *      let t = 2^32 mod n and, while l < t, draw a new w and recompute m and l.
 *      Return floor(m / 2^32). (D. Lemire, "Fast random integer generation in an
 *      interval", ACM TOMACS 2019: exactly uniform, no modulo bias.)
 *   6. Floats in [0, 1): two words a, b (in stream order): (a * 2^21 + (b >> 11)) / 2^53.
 *      When no word is pending this is v1's float of the same output.
 */
import { createHash } from "node:crypto";
import { canonicalSeed, type Seed, Xoshiro256ss } from "./prng";

export const PRNG_V2_NAME = "xoshiro256**/sha256-seed/32-bit-lemire";
export const PRNG_V2_VERSION = 2;

const MASK32 = 0xffffffffn;
const TWO_32 = 1n << 32n;

/** The reference v2 generator: BigInt arithmetic, one step of the spec per line. */
export class Prng32 {
  private readonly core: Xoshiro256ss;
  private pending: bigint | null = null;

  constructor(state: readonly [bigint, bigint, bigint, bigint]) {
    this.core = new Xoshiro256ss(state);
  }

  /** Next 32-bit word (spec step 4). */
  nextWord(): number {
    if (this.pending !== null) {
      const w = this.pending;
      this.pending = null;
      return Number(w);
    }
    const x = this.core.nextUint64();
    this.pending = x & MASK32;
    return Number(x >> 32n);
  }

  /** Uniform integer in [0, n), n an integer in [1, 2^32] (spec step 5). */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) {
      throw new RangeError(`nextInt bound must be an integer in [1, 2^32], got ${n}.`);
    }
    if (n === 1) return 0;
    const bn = BigInt(n);
    let m = BigInt(this.nextWord()) * bn;
    let l = m & MASK32;
    if (l < bn) {
      const t = TWO_32 % bn;
      while (l < t) {
        m = BigInt(this.nextWord()) * bn;
        l = m & MASK32;
      }
    }
    return Number(m >> 32n);
  }

  /** Uniform float in [0, 1) with 53 random bits (spec step 6). */
  nextFloat(): number {
    const a = this.nextWord();
    const b = this.nextWord();
    return (a * 2 ** 21 + (b >>> 11)) / 2 ** 53;
  }
}

/** The four state words of (seed, stream) per spec step 2. */
export function seedStateV2(seed: Seed, stream = ""): [bigint, bigint, bigint, bigint] {
  const material = JSON.stringify(["clinaudit-prng", PRNG_V2_VERSION, canonicalSeed(seed), stream]);
  const digest = sha256(material);
  return [digest.readBigUInt64BE(0), digest.readBigUInt64BE(8), digest.readBigUInt64BE(16), digest.readBigUInt64BE(24)];
}

export function createPrngV2(seed: Seed, stream = ""): Prng32 {
  return new Prng32(seedStateV2(seed, stream));
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
