import { describe, expect, it } from "vitest";
import { previewStratifiedDesign, simulateAudits } from "./stratified-preview";

const informative = [
  { population: 1600, allocated: 118, assumedErrorRate: 0.01 },
  { population: 300, allocated: 56, assumedErrorRate: 0.1 },
  { population: 100, allocated: 26, assumedErrorRate: 0.6 },
];

describe("planner preview: expected bound under SRS and under the design", () => {
  it("is seeded: the same inputs show the same figures", () => {
    const a = previewStratifiedDesign(informative, { replicates: 200 });
    const b = previewStratifiedDesign(informative, { replicates: 200 });
    expect(a).toEqual(b);
    expect(previewStratifiedDesign(informative, { replicates: 200, seed: "other" })).not.toEqual(a);
  });

  it("shows what informative models buy, at the same n", () => {
    const p = previewStratifiedDesign(informative, { replicates: 400 });
    expect(p.trueRate).toBeCloseTo((16 + 30 + 60) / 2000, 15);
    expect(p.stratified.meanUpper).toBeLessThan(p.srs.meanUpper - 0.005);
    expect(p.stratified.meanUpper).toBeGreaterThan(p.trueRate);
  });

  it("shows the cost when the models are not informative", () => {
    const flat = [
      { population: 1200, allocated: 67, assumedErrorRate: 0.1 },
      { population: 500, allocated: 83, assumedErrorRate: 0.1 },
      { population: 300, allocated: 50, assumedErrorRate: 0.1 },
    ];
    const p = previewStratifiedDesign(flat, { replicates: 400 });
    expect(p.stratified.meanUpper).toBeGreaterThan(p.srs.meanUpper);
  });

  it("checks its inputs", () => {
    expect(() => previewStratifiedDesign([{ population: 10, allocated: 2, assumedErrorRate: 1.5 }])).toThrow(RangeError);
    expect(() => simulateAudits([{ population: 10, allocated: 0, errors: 1 }], { replicates: 10, seed: 1 })).toThrow(RangeError);
    expect(() => simulateAudits([{ population: 10, allocated: 2, errors: 11 }], { replicates: 10, seed: 1 })).toThrow(RangeError);
    expect(() => simulateAudits([{ population: 10, allocated: 2, errors: 1 }], { replicates: 0, seed: 1 })).toThrow(RangeError);
  });

  it("a census stratum is drawn whole and the SRS side sees the same benchmark", () => {
    const r = simulateAudits(
      [
        { population: 20, allocated: 20, errors: 3 },
        { population: 200, allocated: 20, errors: 0 },
      ],
      { replicates: 50, seed: "census" },
    );
    expect(r.trueRate).toBeCloseTo(3 / 220, 15);
    expect(r.stratified.coverage).toBe(1);
  });
});
