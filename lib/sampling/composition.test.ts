import { describe, expect, it } from "vitest";
import { describeComposition } from "@/lib/sampling/composition";
import { SamplingError } from "@/lib/sampling/errors";
import { drawSample, type FrameItem } from "@/lib/sampling/sample";

const frame: FrameItem[] = [
  { id: "a", strata: { chapter: "Cardio", level: "1" } },
  { id: "b", strata: { chapter: "Cardio", level: "2" } },
  { id: "c", strata: { chapter: "Neuro", level: "1" } },
  { id: "d", strata: { chapter: "Neuro" } },
];

describe("describeComposition", () => {
  it("tabulates frame vs sample counts, shares and expected counts per key", () => {
    const comp = describeComposition({ ids: ["a", "c"] }, frame, ["chapter", "level"]);
    expect(comp.frameSize).toBe(4);
    expect(comp.sampleSize).toBe(2);
    expect(comp.byKey[0]).toEqual({
      key: "chapter",
      values: [
        { value: "Cardio", frameCount: 2, sampleCount: 1, frameShare: 0.5, sampleShare: 0.5, expectedCount: 1 },
        { value: "Neuro", frameCount: 2, sampleCount: 1, frameShare: 0.5, sampleShare: 0.5, expectedCount: 1 },
      ],
    });
    // Missing attribute values are grouped under null, listed last.
    expect(comp.byKey[1]?.values.map((v) => [v.value, v.frameCount, v.sampleCount])).toEqual([
      ["1", 2, 2],
      ["2", 1, 0],
      [null, 1, 0],
    ]);
  });

  it("accepts a SampleResult and its counts add up", () => {
    const big: FrameItem[] = Array.from({ length: 40 }, (_, i) => ({ id: `i${i}`, strata: { ch: `c${i % 4}` } }));
    const sample = drawSample({ frame: big, size: 8, seed: 5, strata: ["ch"] });
    const comp = describeComposition(sample, big, ["ch"]);
    const values = comp.byKey[0]!.values;
    expect(values.map((v) => v.sampleCount)).toEqual([2, 2, 2, 2]);
    expect(values.reduce((s, v) => s + v.frameCount, 0)).toBe(40);
  });

  it("rejects sample ids missing from the frame and duplicated ids", () => {
    expect(() => describeComposition({ ids: ["zz"] }, frame, ["chapter"])).toThrow(SamplingError);
    expect(() => describeComposition({ ids: ["a", "a"] }, frame, ["chapter"])).toThrow(/more than once/);
    expect(() => describeComposition({ ids: ["a"] }, [...frame, frame[0]!], ["chapter"])).toThrow(/duplicate/);
  });
});
