/**
 * Seeded PRNG for reproducible audit samples.
 *
 * FROZEN SPECIFICATION (version 1). A published audit records its seed, and anyone
 * must be able to re-draw the identical sample years later, in any language. So the
 * output of this file must NEVER change. If a different generator is ever needed,
 * add it beside this one under a new version and keep this one for old audits.
 *
 * Spec, v1:
 *   1. Canonical seed: an integer seed is written in decimal (42 and "42" are the
 *      same seed); a string seed is Unicode-NFC-normalised. See `canonicalSeed`.
 *   2. Stream state: SHA-256 over the UTF-8 bytes of
 *        JSON.stringify(["clinaudit-prng", 1, canonicalSeed, streamLabel])
 *      (JSON so that seed/label boundaries can never be ambiguous). The 32-byte digest
 *      is read as four big-endian uint64 words s0..s3 — the xoshiro256** state.
 *      SHA-256 is used instead of SplitMix64 seeding because it takes arbitrary
 *      strings and is available everywhere (sha256sum, Python hashlib, ...).
 *   3. Generator: xoshiro256** 1.0 (Blackman & Vigna, https://prng.di.unimi.it/),
 *      bit-for-bit the reference C implementation.
 *   4. Integers in [0, n): draw uint64 x, reject while x >= 2^64 - (2^64 mod n),
 *      return x mod n. Rejection removes modulo bias. n = 1 returns 0 WITHOUT
 *      drawing (this matters: it keeps every later draw of the stream in place).
 *   5. Floats in [0, 1): (x >> 11) / 2^53.
 *
 * BigInt is slower than 32-bit tricks, but clarity beats speed here: samples are
 * drawn once per audit and the spec stays trivially portable.
 */
import { createHash } from "node:crypto";
import { domainMessage as said, english, type DomainMessage } from "../i18n/domain";

export const PRNG_NAME = "xoshiro256**/sha256-seed";
export const PRNG_VERSION = 1;

/** A seed as the user typed it: a non-empty string or a safe integer. */
export type Seed = string | number;

const MASK64 = (1n << 64n) - 1n;
const TWO_POW_64 = 1n << 64n;
const MAX_SEED_LENGTH = 256;

export class SeedError extends Error {
  readonly code = "INVALID_SEED";
  constructor(readonly said: DomainMessage) {
    super(english(said));
    this.name = "SeedError";
  }
}

/**
 * The exact string that is hashed for a seed. Integers become decimal strings so a
 * seed survives being round-tripped through a form field or JSON as text.
 * Surrounding whitespace is rejected rather than trimmed: a seed that looks the same
 * on screen must not silently draw a different sample.
 */
export function canonicalSeed(seed: Seed): string {
  if (typeof seed === "number") {
    if (!Number.isSafeInteger(seed)) {
      throw new SeedError(said("sampling.seedType", { seed: String(seed) }));
    }
    return String(seed);
  }
  if (typeof seed !== "string") throw new SeedError(said("sampling.seedNotString"));
  const s = seed.normalize("NFC");
  if (s.length === 0) throw new SeedError(said("sampling.seedEmpty"));
  if (s.length > MAX_SEED_LENGTH) {
    throw new SeedError(said("sampling.seedTooLong", { max: String(MAX_SEED_LENGTH) }));
  }
  if (s.trim() !== s) throw new SeedError(said("sampling.seedWhitespace"));
  return s;
}

function rotl(x: bigint, k: bigint): bigint {
  return ((x << k) | (x >> (64n - k))) & MASK64;
}

/** xoshiro256** with 64-bit arithmetic emulated by masking BigInts. */
export class Xoshiro256ss {
  private s0: bigint;
  private s1: bigint;
  private s2: bigint;
  private s3: bigint;

  /** Raw state constructor, exposed for reference test vectors. */
  constructor(state: readonly [bigint, bigint, bigint, bigint]) {
    const [a, b, c, d] = state.map((w) => w & MASK64) as [bigint, bigint, bigint, bigint];
    // The all-zero state is the generator's only fixed point.
    if ((a | b | c | d) === 0n) throw new SeedError(said("sampling.stateZero"));
    this.s0 = a;
    this.s1 = b;
    this.s2 = c;
    this.s3 = d;
  }

  /** Next raw 64-bit output as an unsigned BigInt. */
  nextUint64(): bigint {
    const result = (rotl((this.s1 * 5n) & MASK64, 7n) * 9n) & MASK64;
    const t = (this.s1 << 17n) & MASK64;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 45n);
    return result;
  }

  /** Uniform integer in [0, n) without modulo bias; n is an integer in [1, 2^53]. */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 53) {
      throw new RangeError(`nextInt bound must be an integer in [1, 2^53], got ${n}.`);
    }
    if (n === 1) return 0; // no entropy consumed: keeps streams aligned with the spec loop
    const bn = BigInt(n);
    const limit = TWO_POW_64 - (TWO_POW_64 % bn);
    for (;;) {
      const x = this.nextUint64();
      if (x < limit) return Number(x % bn);
    }
  }

  /** Uniform float in [0, 1) with 53 random bits. */
  nextFloat(): number {
    return Number(this.nextUint64() >> 11n) / 2 ** 53;
  }
}

/** The four state words derived from (seed, stream) per spec step 2. */
export function seedState(seed: Seed, stream = ""): [bigint, bigint, bigint, bigint] {
  const material = JSON.stringify(["clinaudit-prng", PRNG_VERSION, canonicalSeed(seed), stream]);
  const digest = createHash("sha256").update(material, "utf8").digest();
  return [digest.readBigUInt64BE(0), digest.readBigUInt64BE(8), digest.readBigUInt64BE(16), digest.readBigUInt64BE(24)];
}

/**
 * A generator for (seed, stream). Independent streams for the same seed (one per
 * stratum, one for assignment, ...) keep each part of a draw stable when another part
 * changes, e.g. adding a stratum does not reshuffle the others.
 */
export function createPrng(seed: Seed, stream = ""): Xoshiro256ss {
  return new Xoshiro256ss(seedState(seed, stream));
}

/**
 * Partial Fisher–Yates: moves a uniform random ordered selection of `count` elements
 * into items[0..count) and returns them in draw order. Mutates `items`; count = length
 * gives a full shuffle. Step i swaps i with i + nextInt(length - i).
 */
export function partialShuffle<T>(items: T[], count: number, rng: Xoshiro256ss): T[] {
  if (!Number.isInteger(count) || count < 0 || count > items.length) {
    throw new RangeError(`count must be an integer in [0, ${items.length}], got ${count}.`);
  }
  for (let i = 0; i < count; i++) {
    const j = i + rng.nextInt(items.length - i);
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items.slice(0, count);
}
