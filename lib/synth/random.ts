/**
 * Small, fast seeded PRNG for the synthetic data generator (sfc32 seeded by cyrb128).
 *
 * Not the audit-sampling PRNG (lib/sampling/prng.ts is frozen and BigInt-based, far too
 * slow for the millions of draws a full-size benchmark needs). Output here only has to
 * be stable for a given version of the generator: same seed → byte-identical files.
 *
 * `fork(label)` derives an independent stream from the *seed string*, not from the
 * current state, so patient 17's history does not change when patient 3's storyline
 * gains an extra draw. That is what lets the full size be generated as a stream.
 */

export type SynthSeed = string | number;

/** cyrb128: a cheap 128-bit string hash, good enough to spread seeds over sfc32's state. */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;
  readonly seed: string;

  constructor(seed: SynthSeed) {
    this.seed = String(seed);
    [this.a, this.b, this.c, this.d] = cyrb128(this.seed);
    // Warm up: the first outputs of sfc32 from a hashed state are still correlated.
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** Independent child stream; depends only on this stream's seed and the label. */
  fork(label: string | number): Rng {
    return new Rng(`${this.seed}/${label}`);
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`int(${min}, ${max}): empty range`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** Float rounded to `digits` decimals, so values print like instrument readings. */
  round(min: number, max: number, digits = 1): number {
    return roundTo(this.float(min, max), digits);
  }

  /** Gaussian draw (Box–Muller, spare value cached). */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return mean + sd * r * Math.cos(2 * Math.PI * v);
  }

  /** Gaussian clamped into [min, max] — physiological values must stay plausible. */
  clampedNormal(mean: number, sd: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, this.normal(mean, sd)));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("pick from empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Pick by non-negative weights; entries are [value, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += Math.max(0, w);
    if (total <= 0) throw new RangeError("weighted pick needs a positive total weight");
    let x = this.next() * total;
    for (const [value, w] of entries) {
      x -= Math.max(0, w);
      if (x < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** k distinct items in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, Math.min(k, items.length)));
  }
}

export function roundTo(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
