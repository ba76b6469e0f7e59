/**
 * A fast twin of the frozen ClinAudit PRNG (lib/sampling/prng.ts, spec v1) for hot
 * bootstrap loops.
 *
 * Why a twin: the reference generator emulates 64-bit words with BigInt, about 450 ns a
 * draw, so B = 10,000 replicates over ~1,000 patients (10M draws) would take ~4.5 s.
 * This class runs the SAME spec on pairs of uint32 halves (~20 ns a draw). It takes
 * its state from the reference `seedState`, and `fast-prng.test.ts` checks that every
 * output (raw words, nextInt for many bounds, nextFloat) equals the reference's, so a
 * bootstrap can be re-run with `createPrng(seed, stream)` by anyone with the spec.
 * If the two ever disagreed the reference wins: it is the published specification.
 */
import { seedState, type Seed } from "@/lib/sampling/prng";

const TWO_32 = 4294967296;
const INV_32 = 1 / TWO_32;
const TWO_53 = 9007199254740992;
/** Up to this bound `x mod n` is computed exactly in doubles; above it BigInt is used. */
const FAST_BOUND = 2 ** 26;

export class FastXoshiro256ss {
  // State words s0..s3 as [hi0, lo0, hi1, lo1, ...] uint32 halves. A typed array, not
  // eight number fields: halves >= 2^30 are not small integers and would be boxed.
  private readonly s = new Int32Array(8);
  // Output of the last `step` as [hi, lo].
  private readonly out = new Uint32Array(2);
  // Constants for the last bound (a bootstrap draws with one bound throughout).
  private lastBound = 0;
  private lastRemainder = 0; // 2^64 mod n
  private lastWordMod = 0; // 2^32 mod n
  private lastInverse = 0; // 1 / n

  constructor(state: readonly [bigint, bigint, bigint, bigint]) {
    if ((state[0] | state[1] | state[2] | state[3]) === 0n) {
      throw new RangeError("xoshiro256** state must not be all zero.");
    }
    state.forEach((w, i) => {
      this.s[2 * i] = Number((w >> 32n) & 0xffffffffn);
      this.s[2 * i + 1] = Number(w & 0xffffffffn);
    });
  }

  /** One xoshiro256** step (spec step 3); leaves the output in `out`. */
  private step(): void {
    const s = this.s;
    const a0 = s[0] as number;
    const b0 = s[1] as number;
    const a1 = s[2] as number;
    const b1 = s[3] as number;
    const a2 = s[4] as number;
    const b2 = s[5] as number;
    const a3 = s[6] as number;
    const b3 = s[7] as number;
    // result = rotl(s1 * 5, 7) * 9. A uint32 half times 5 or 9 stays below 2^36, exact
    // in a double; its carry into the high half is that product / 2^32, truncated.
    const l5 = (b1 >>> 0) * 5;
    const hi5 = (Math.imul(a1, 5) + ((l5 * INV_32) | 0)) | 0;
    const lo5 = l5 >>> 0;
    const rHi = (hi5 << 7) | (lo5 >>> 25);
    const rLo = (lo5 << 7) | (hi5 >>> 25);
    const l9 = (rLo >>> 0) * 9;
    this.out[0] = Math.imul(rHi, 9) + ((l9 * INV_32) | 0); // stores wrap mod 2^32
    this.out[1] = l9;
    // s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= s1 << 17; s3 = rotl(s3, 45).
    const na2 = a2 ^ a0;
    const nb2 = b2 ^ b0;
    const na3 = a3 ^ a1;
    const nb3 = b3 ^ b1;
    s[0] = a0 ^ na3;
    s[1] = b0 ^ nb3;
    s[2] = a1 ^ na2;
    s[3] = b1 ^ nb2;
    s[4] = na2 ^ ((a1 << 17) | (b1 >>> 15));
    s[5] = nb2 ^ (b1 << 17);
    // rotl by 45 = swap the halves, then rotate left by 13.
    s[6] = (nb3 << 13) | (na3 >>> 19);
    s[7] = (na3 << 13) | (nb3 >>> 19);
  }

  /** Next raw 64-bit output (for tests against the reference). */
  nextUint64(): bigint {
    this.step();
    return (BigInt(this.out[0] as number) << 32n) | BigInt(this.out[1] as number);
  }

  /** Uniform integer in [0, n), identical to the reference `nextInt(n)` (spec step 4). */
  nextInt(n: number): number {
    if (n !== this.lastBound) this.setBound(n);
    if (n === 1) return 0; // spec: no draw for n = 1
    if (n > FAST_BOUND) return this.nextIntBig(n);
    const out = this.out;
    const r = this.lastRemainder;
    const m = this.lastWordMod;
    const inv = this.lastInverse;
    for (;;) {
      this.step();
      const hi = out[0] as number;
      const lo = out[1] as number;
      if (rejects(hi, lo, r)) continue;
      return mod64(hi, lo, n, m, inv);
    }
  }

  /** Uniform float in [0, 1), identical to the reference `nextFloat()` (spec step 5). */
  nextFloat(): number {
    this.step();
    return ((this.out[0] as number) * 2097152 + ((this.out[1] as number) >>> 11)) / TWO_53;
  }

  private setBound(n: number): void {
    if (!Number.isInteger(n) || n < 1 || n > TWO_53) {
      throw new RangeError(`nextInt bound must be an integer in [1, 2^53], got ${n}.`);
    }
    this.lastBound = n;
    if (n <= FAST_BOUND) {
      this.lastWordMod = TWO_32 % n;
      this.lastRemainder = (this.lastWordMod * this.lastWordMod) % n;
      this.lastInverse = 1 / n;
    }
  }

  /** Large bounds are rare (never in a bootstrap), so they follow the spec in BigInt. */
  private nextIntBig(n: number): number {
    const bn = BigInt(n);
    const limit = (1n << 64n) - ((1n << 64n) % bn);
    for (;;) {
      const x = this.nextUint64();
      if (x < limit) return Number(x % bn);
    }
  }
}

/**
 * Spec step 4 rejects x >= 2^64 - r with r = 2^64 mod n. For r < 2^32 that threshold is
 * (2^32 - 1) * 2^32 + (2^32 - r), so only a high half of all ones can be rejected.
 * Exported so the (probability ~r / 2^64) rejection branch can be tested directly.
 */
export function rejects(hi: number, lo: number, remainder: number): boolean {
  return remainder !== 0 && hi === 0xffffffff && lo >= TWO_32 - remainder;
}

/**
 * x mod n for x = hi * 2^32 + lo and 2 <= n <= 2^26, given m = 2^32 mod n, inv = 1 / n:
 * x mod n = ((hi mod n) * m + lo) mod n, every term exact below 2^53. Each mod uses
 * floor(v * inv), which is within one of floor(v / n) for these sizes, then one
 * correction step; much faster than the floating-point `%`. Exported for tests.
 */
export function mod64(hi: number, lo: number, n: number, m: number, inv: number): number {
  let h = hi - Math.floor(hi * inv) * n;
  if (h < 0) h += n;
  else if (h >= n) h -= n;
  const v = h * m + lo;
  let q = v - Math.floor(v * inv) * n;
  if (q < 0) q += n;
  else if (q >= n) q -= n;
  return q;
}

/** The fast twin of `createPrng(seed, stream)`. */
export function createFastPrng(seed: Seed, stream = ""): FastXoshiro256ss {
  return new FastXoshiro256ss(seedState(seed, stream));
}
