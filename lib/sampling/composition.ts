/**
 * Composition of a drawn sample versus its frame, for the "review the sample before
 * opening the audit" screen: organizers check that no chapter/level is badly over- or
 * under-represented before clinicians see anything.
 */
import { SamplingError, compareCodeUnits, preview } from "./errors";
import { domainMessage as said } from "../i18n/domain";
import type { FrameItem } from "./sample";

export interface CompositionValue {
  /** The attribute value; null groups frame items that lack the attribute. */
  value: string | null;
  frameCount: number;
  sampleCount: number;
  /** frameCount / frame size. */
  frameShare: number;
  /** sampleCount / sample size. */
  sampleShare: number;
  /** What proportional representation would give: sample size × frameShare. */
  expectedCount: number;
}

export interface CompositionByKey {
  key: string;
  /** Sorted by value (code-unit order), null last. */
  values: CompositionValue[];
}

export interface SampleComposition {
  frameSize: number;
  sampleSize: number;
  byKey: CompositionByKey[];
}

/**
 * Tabulates, per attribute in `keys`, how many frame and sample items take each value.
 * `sample` is anything with `ids` (a SampleResult works). Sample ids must be unique
 * and present in the frame — a mismatch means the sample and frame were mixed up.
 */
export function describeComposition(
  sample: { readonly ids: readonly string[] },
  frame: readonly FrameItem[],
  keys: readonly string[],
): SampleComposition {
  const byId = new Map<string, FrameItem>();
  for (const item of frame) byId.set(item.id, item);
  if (byId.size !== frame.length) {
    throw new SamplingError("DUPLICATE_ID", said("sampling.duplicateFrameIds"));
  }
  const unknown = sample.ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new SamplingError("UNKNOWN_ID", said("sampling.unknownIds", preview(unknown)), { ids: unknown });
  }
  if (new Set(sample.ids).size !== sample.ids.length) {
    throw new SamplingError("DUPLICATE_ID", said("sampling.duplicateSampleIds"));
  }
  const sampled = sample.ids.map((id) => byId.get(id) as FrameItem);
  const frameSize = frame.length;
  const sampleSize = sampled.length;

  const byKey = keys.map((key): CompositionByKey => {
    const frameCounts = countValues(frame, key);
    const sampleCounts = countValues(sampled, key);
    const values = [...frameCounts.keys()].sort(compareNullLast).map((value): CompositionValue => {
      const frameCount = frameCounts.get(value) ?? 0;
      const sampleCount = sampleCounts.get(value) ?? 0;
      return {
        value,
        frameCount,
        sampleCount,
        frameShare: frameCount / frameSize,
        sampleShare: sampleSize === 0 ? 0 : sampleCount / sampleSize,
        expectedCount: (sampleSize * frameCount) / frameSize,
      };
    });
    return { key, values };
  });
  return { frameSize, sampleSize, byKey };
}

function countValues(items: readonly FrameItem[], key: string): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const item of items) {
    const raw = item.strata && Object.hasOwn(item.strata, key) ? item.strata[key] : undefined;
    const value = typeof raw === "string" ? raw : null;
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

function compareNullLast(a: string | null, b: string | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return compareCodeUnits(a, b);
}
