/**
 * Extending a drawn sample: k more items from the same seeded frame, never touching the items
 * already drawn. Algorithm "clinaudit-sample-extend" v1, built on "clinaudit-sample" v1 (FROZEN
 * like it: a recorded extension must re-draw identically).
 *
 * Why it works: both samplers are partial Fisher–Yates over a fixed stream, and step i of a partial
 * shuffle depends only on the stream and steps 0..i−1. Drawing 150 therefore yields, as its first
 * 100 draws, exactly the 100 that a draw of 100 yields; the extension is "keep drawing".
 *
 * v1 procedure for sizes n0 < n1 < … < nk (n0 = the original sample size):
 *   - Simple random sampling: the extended sample is drawSample(size nk) itself, in draw order:
 *     extending 100 → 150 → 200 gives exactly what drawing 200 would have given.
 *   - Stratified: each step ni−1 → ni allocates ni by the same largest-remainder rule and takes,
 *     in every stratum h, the next alloc_h(ni) − alloc_h(ni−1) items of that stratum's stream
 *     ("stratum:" + key). Largest remainder can give a stratum FEWER items at a larger size
 *     (the Alabama paradox); then a proportional sample of ni that keeps the earlier items does
 *     not exist, and the step is refused naming the stratum. The set after a step is the set
 *     drawSample(size ni) draws. Earlier items keep their places; the step's new items are shuffled
 *     with the stream "order:extend:" + ni−1 + "-" + ni and appended.
 */
import { SamplingError, compareCodeUnits } from "./errors";
import { domainMessage as said } from "../i18n/domain";
import { createPrng, partialShuffle, type Seed } from "./prng";
import { allocateLargestRemainder, drawSample, type FrameItem, type SampleResult, type StratumAllocation } from "./sample";

export const EXTEND_ALGORITHM_NAME = "clinaudit-sample-extend";
export const EXTEND_ALGORITHM_VERSION = 1;

export interface ExtendSampleInput {
  frame: readonly FrameItem[];
  seed: Seed;
  strata?: readonly string[];
  /** n0 (the original size), then every extension's new total, strictly increasing. */
  sizes: readonly number[];
}

export interface ExtensionStep {
  fromSize: number;
  toSize: number;
  /** The ids this step added, in their sample order (after every earlier id). */
  added: string[];
  /** Per stratum after the step (a single row for simple random sampling), in key order. */
  allocation: StratumAllocation[];
}

export interface ExtendedSample {
  /** The original draw of n0, exactly as drawSample gives it. */
  base: SampleResult;
  /** Every id in sample order: base.ids, then each step's additions. */
  ids: string[];
  steps: ExtensionStep[];
}

function checkSizes(sizes: readonly number[]): void {
  if (sizes.length === 0) throw new SamplingError("INVALID_SIZE", said("sampling.originalSizeNeeded"));
  sizes.forEach((n, i) => {
    if (i > 0 && (!Number.isInteger(n) || n <= (sizes[i - 1] as number))) {
      throw new SamplingError("INVALID_SIZE", said("sampling.extensionTooSmall", { from: String(sizes[i - 1]), size: String(n) }), {
        size: n,
        from: sizes[i - 1],
      });
    }
  });
}

/** The sample of sizes[0] extended to every later size; a pure function of its input. */
export function extendSample(input: ExtendSampleInput): ExtendedSample {
  checkSizes(input.sizes);
  const n0 = input.sizes[0] as number;
  const last = input.sizes.at(-1) as number;
  const base = drawSample({ frame: input.frame, size: n0, seed: input.seed, strata: input.strata });
  // Validates the largest size against the frame (and the seed, strata) the same way.
  const full = drawSample({ frame: input.frame, size: last, seed: input.seed, strata: input.strata });
  const steps: ExtensionStep[] = [];
  const ids = [...base.ids];
  if (base.strataKeys.length === 0) {
    for (let i = 1; i < input.sizes.length; i++) {
      const from = input.sizes[i - 1] as number;
      const to = input.sizes[i] as number;
      const added = full.ids.slice(from, to);
      ids.push(...added);
      steps.push({
        fromSize: from,
        toSize: to,
        added,
        allocation: [{ ...(full.allocation[0] as StratumAllocation), allocated: to, drawn: to }],
      });
    }
    return { base, ids, steps };
  }
  // The full per-stratum streams, drawn once: the first alloc_h(n) of stratum h is what size n takes.
  const strata = full.allocation.map((row) => {
    const items = input.frame
      .filter((it) => JSON.stringify(base.strataKeys.map((k) => it.strata[k])) === row.key)
      .map((it) => it.id)
      .sort(compareCodeUnits);
    return { row, stream: partialShuffle(items, items.length, createPrng(base.seed, `stratum:${row.key}`)) };
  });
  const populations = strata.map((s) => s.row.population);
  let previous = base.allocation.map((a) => a.allocated);
  for (let i = 1; i < input.sizes.length; i++) {
    const from = input.sizes[i - 1] as number;
    const to = input.sizes[i] as number;
    const next = allocateLargestRemainder(populations, to);
    const shrinking = next.findIndex((n, h) => n < (previous[h] as number));
    if (shrinking >= 0) {
      const s = strata[shrinking]!.row;
      throw new SamplingError(
        "EXTENSION_NOT_NESTED",
        said("sampling.extensionNotNested", {
          to: String(to),
          stratum: s.key,
          after: String(next[shrinking]),
          before: String(previous[shrinking]),
          from: String(from),
        }),
        { from, to, stratum: s.key, before: previous[shrinking], after: next[shrinking] },
      );
    }
    const drawnNow = strata.flatMap((s, h) => s.stream.slice(previous[h], next[h]));
    const added = partialShuffle(drawnNow, drawnNow.length, createPrng(base.seed, `order:extend:${from}-${to}`));
    ids.push(...added);
    steps.push({
      fromSize: from,
      toSize: to,
      added,
      allocation: strata.map((s, h) => ({ ...s.row, allocated: next[h] as number, drawn: next[h] as number })),
    });
    previous = next;
  }
  return { base, ids, steps };
}

/** One extension as an audit records it (in `Audit.sampling.extensions`, so backups carry it). */
export interface RecordedExtension {
  algorithm: { name: typeof EXTEND_ALGORITHM_NAME; version: number };
  fromSize: number;
  toSize: number;
  /** ISO 8601 instant of the extension. */
  at: string;
  /** Per stratum after the step, as drawn. */
  allocation: StratumAllocation[];
  /** Assignments made for the new items (by the audit's design), and items met after a later cutoff. */
  assignments: number;
  afterLaterCutoff: number;
}

/** The recorded extensions of a stored `sampling` value, in order; [] when none. */
export function storedExtensions(sampling: unknown): RecordedExtension[] {
  const list = (sampling as { extensions?: unknown } | null)?.extensions;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is RecordedExtension => Number.isInteger(e?.fromSize) && Number.isInteger(e?.toSize) && typeof e?.at === "string",
  );
}
