/**
 * Reproducible random sampling of benchmark items (simple or stratified, without
 * replacement). Algorithm "clinaudit-sample" v1 — like the PRNG, frozen: a stored
 * SampleResult must re-draw identically with `verifySample`.
 *
 * v1 procedure:
 *   1. Canonical frame: items sorted by id (UTF-16 code-unit order), so the same set of
 *      items in any input order draws the same sample.
 *   2. Simple random sampling (no strata keys): partial Fisher–Yates over the canonical
 *      frame with stream "srs"; sample order = draw order.
 *   3. Stratified: strata keys are sorted; a stratum's key is JSON.stringify of its
 *      values in that key order. Proportional allocation by largest remainder
 *      (exact integer arithmetic; ties → smaller stratum key first). Each stratum is
 *      drawn by partial Fisher–Yates over its canonical items with its own stream
 *      "stratum:" + key. The concatenation (strata in key order) is then fully
 *      shuffled with stream "order", so the sample order does not group strata.
 */
import { createHash } from "node:crypto";
import { SamplingError, compareCodeUnits, preview } from "./errors";
import { domainMessage as said } from "../i18n/domain";
import { PRNG_NAME, PRNG_VERSION, SeedError, canonicalSeed, createPrng, partialShuffle, type Seed } from "./prng";

export const SAMPLE_ALGORITHM_NAME = "clinaudit-sample";
export const SAMPLE_ALGORITHM_VERSION = 1;

export interface FrameItem {
  id: string;
  /** Stratifying attributes, e.g. { chapter: "Cardiology", level: "2" }. */
  strata: Record<string, string>;
}

export interface DrawSampleInput {
  frame: readonly FrameItem[];
  size: number;
  seed: Seed;
  /** Attribute names to stratify on; omitted or empty = simple random sampling. */
  strata?: readonly string[];
}

export interface StratumAllocation {
  /** JSON.stringify of the values in `strataKeys` order; "[]" for the whole frame. */
  key: string;
  values: Record<string, string>;
  population: number;
  allocated: number;
  drawn: number;
}

export interface SampleAlgorithm {
  name: typeof SAMPLE_ALGORITHM_NAME;
  version: number;
  prng: string;
  prngVersion: number;
}

export interface SampleResult {
  algorithm: SampleAlgorithm;
  /** Canonical seed string (integer seeds are stored as decimal text). */
  seed: string;
  size: number;
  frameSize: number;
  /** SHA-256 hex of the sorted frame ids joined by "\n". */
  frameChecksum: string;
  /** Sorted strata keys; empty for simple random sampling. */
  strataKeys: string[];
  /** Sampled item ids in sample order. */
  ids: string[];
  /** One row per stratum (a single row for simple random sampling), in key order. */
  allocation: StratumAllocation[];
}

/** SHA-256 hex of the ids, sorted, joined by "\n" (ids cannot contain "\n"). */
export function frameChecksum(ids: readonly string[]): string {
  const sorted = [...ids].sort(compareCodeUnits);
  return createHash("sha256").update(sorted.join("\n"), "utf8").digest("hex");
}

/** Validates the frame and returns it in canonical (id) order. */
export function canonicalFrame(frame: readonly FrameItem[]): FrameItem[] {
  if (!Array.isArray(frame) || frame.length === 0) {
    throw new SamplingError("EMPTY_FRAME", said("sampling.emptyFrame"));
  }
  const bad = frame.filter((it) => typeof it?.id !== "string" || it.id === "" || it.id.includes("\n"));
  if (bad.length > 0) {
    // "\n" is the checksum separator; allowing it would make two frames hash alike.
    throw new SamplingError("INVALID_ID", said("sampling.invalidFrameIds", { count: String(bad.length) }), {
      count: bad.length,
    });
  }
  const sorted = [...frame].sort((a, b) => compareCodeUnits(a.id, b.id));
  const dups: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const id = (sorted[i] as FrameItem).id;
    if (id === (sorted[i - 1] as FrameItem).id && dups[dups.length - 1] !== id) dups.push(id);
  }
  if (dups.length > 0) {
    throw new SamplingError("DUPLICATE_ID", said("sampling.duplicateIds", preview(dups)), { ids: dups });
  }
  return sorted;
}

function validateSize(size: number, frameSize: number): void {
  if (!Number.isInteger(size) || size <= 0) {
    throw new SamplingError("INVALID_SIZE", said("sampling.invalidSize", { size: String(size) }), { size });
  }
  if (size > frameSize) {
    throw new SamplingError("SIZE_EXCEEDS_FRAME", said("sampling.sizeExceedsFrame", { size: String(size), frameSize: String(frameSize) }), {
      size,
      frameSize,
    });
  }
}

function normaliseStrataKeys(keys: readonly string[] | undefined): string[] {
  if (keys === undefined) return [];
  if (!Array.isArray(keys) || keys.some((k) => typeof k !== "string" || k === "")) {
    throw new SamplingError("INVALID_STRATA", said("sampling.invalidStrata"));
  }
  const sorted = [...keys].sort(compareCodeUnits);
  const dup = sorted.find((k, i) => i > 0 && k === sorted[i - 1]);
  if (dup !== undefined) {
    throw new SamplingError("INVALID_STRATA", said("sampling.stratumTwice", { key: JSON.stringify(dup) }), { key: dup });
  }
  return sorted;
}

function seedOrThrow(seed: Seed): string {
  try {
    return canonicalSeed(seed);
  } catch (e) {
    if (e instanceof SeedError) throw new SamplingError("INVALID_SEED", e.said);
    throw e;
  }
}

interface Stratum {
  key: string;
  values: Record<string, string>;
  items: FrameItem[];
}

/** Groups canonical items into strata, sorted by stratum key. */
function groupStrata(items: readonly FrameItem[], keys: readonly string[]): Stratum[] {
  const byKey = new Map<string, Stratum>();
  const missing: string[] = [];
  for (const item of items) {
    const vals = keys.map((k) => (Object.hasOwn(item.strata ?? {}, k) ? item.strata[k] : undefined));
    if (vals.some((v) => typeof v !== "string")) {
      missing.push(item.id);
      continue;
    }
    const key = JSON.stringify(vals);
    let s = byKey.get(key);
    if (!s) {
      // fromEntries defines own properties, so a key like "__proto__" stays plain data.
      const values: Record<string, string> = Object.fromEntries(keys.map((k, i) => [k, vals[i] as string]));
      s = { key, values, items: [] };
      byKey.set(key, s);
    }
    s.items.push(item);
  }
  if (missing.length > 0) {
    throw new SamplingError(
      "MISSING_STRATUM_VALUE",
      said("sampling.missingStratumValue", { count: String(missing.length), keys: keys.join(", "), ...preview(missing) }),
      { ids: missing, keys: [...keys] },
    );
  }
  return [...byKey.values()].sort((a, b) => compareCodeUnits(a.key, b.key));
}

/**
 * Largest-remainder (Hamilton) proportional allocation. Quotas size·N_h/N are compared
 * as integer remainders (size·N_h mod N), avoiding float rounding; ties go to the
 * stratum earlier in key order. allocated ≤ population always holds since size ≤ N.
 */
export function allocateLargestRemainder(populations: readonly number[], size: number): number[] {
  const total = populations.reduce((a, b) => a + b, 0);
  const alloc = populations.map((p) => Math.floor((size * p) / total));
  const rema = populations.map((p) => (size * p) % total);
  let left = size - alloc.reduce((a, b) => a + b, 0);
  const order = populations.map((_, i) => i).sort((i, j) => (rema[j] as number) - (rema[i] as number) || i - j);
  for (const i of order) {
    if (left === 0) break;
    alloc[i] = (alloc[i] as number) + 1;
    left--;
  }
  return alloc;
}

export function drawSample(input: DrawSampleInput): SampleResult {
  const seed = seedOrThrow(input.seed);
  const frame = canonicalFrame(input.frame);
  validateSize(input.size, frame.length);
  const strataKeys = normaliseStrataKeys(input.strata);
  const base = {
    algorithm: {
      name: SAMPLE_ALGORITHM_NAME,
      version: SAMPLE_ALGORITHM_VERSION,
      prng: PRNG_NAME,
      prngVersion: PRNG_VERSION,
    },
    seed,
    size: input.size,
    frameSize: frame.length,
    frameChecksum: frameChecksum(frame.map((it) => it.id)),
    strataKeys,
  } satisfies Omit<SampleResult, "ids" | "allocation">;

  if (strataKeys.length === 0) {
    const ids = partialShuffle(
      frame.map((it) => it.id),
      input.size,
      createPrng(seed, "srs"),
    );
    const row = { key: "[]", values: {}, population: frame.length, allocated: input.size, drawn: ids.length };
    return { ...base, ids, allocation: [row] };
  }

  const strata = groupStrata(frame, strataKeys);
  const allocated = allocateLargestRemainder(
    strata.map((s) => s.items.length),
    input.size,
  );
  const drawnIds: string[] = [];
  const allocation: StratumAllocation[] = strata.map((s, i) => {
    const n = allocated[i] as number;
    const ids = partialShuffle(
      s.items.map((it) => it.id),
      n,
      createPrng(seed, `stratum:${s.key}`),
    );
    drawnIds.push(...ids);
    return { key: s.key, values: s.values, population: s.items.length, allocated: n, drawn: ids.length };
  });
  const ids = partialShuffle(drawnIds, drawnIds.length, createPrng(seed, "order"));
  return { ...base, ids, allocation };
}

export interface SampleVerification {
  ok: boolean;
  /** Human-readable reasons the stored sample does not re-draw; empty when ok. */
  problems: string[];
}

/**
 * Re-draws a stored sample from its recorded seed/size/strata against `frame` and
 * reports whether it is identical — the check behind "this audit is reproducible".
 */
export function verifySample(stored: SampleResult, frame: readonly FrameItem[]): SampleVerification {
  const { algorithm } = stored;
  if (
    algorithm.name !== SAMPLE_ALGORITHM_NAME ||
    algorithm.version !== SAMPLE_ALGORITHM_VERSION ||
    algorithm.prng !== PRNG_NAME ||
    algorithm.prngVersion !== PRNG_VERSION
  ) {
    throw new SamplingError(
      "UNSUPPORTED_ALGORITHM",
      said("sampling.unsupportedAlgorithm", {
        name: String(algorithm.name),
        version: String(algorithm.version),
        prng: String(algorithm.prng),
        prngVersion: String(algorithm.prngVersion),
        supported: SAMPLE_ALGORITHM_NAME,
        supportedVersion: String(SAMPLE_ALGORITHM_VERSION),
      }),
      { algorithm },
    );
  }
  let redrawn: SampleResult;
  try {
    redrawn = drawSample({ frame, size: stored.size, seed: stored.seed, strata: stored.strataKeys });
  } catch (e) {
    // A frame that no longer supports the draw (e.g. items removed) is a finding, not a crash.
    if (e instanceof SamplingError) return { ok: false, problems: [`Cannot re-draw: ${e.message}`] };
    throw e;
  }
  const problems: string[] = [];
  if (redrawn.frameChecksum !== stored.frameChecksum) {
    problems.push(
      `Frame checksum differs (stored ${stored.frameChecksum.slice(0, 12)}…, now ${redrawn.frameChecksum.slice(0, 12)}…): ` +
        "the item set changed since the sample was drawn.",
    );
  }
  const same = redrawn.ids.length === stored.ids.length && redrawn.ids.every((id, i) => id === stored.ids[i]);
  if (!same) problems.push("Re-drawn sample ids differ from the stored sample.");
  return { ok: problems.length === 0, problems };
}
