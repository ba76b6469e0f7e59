import { describe, expect, it } from "vitest";
import { drawModelStratifiedSample } from "../sampling/stratified";
import { previewModelGuidedPlan, previewStratifiedDesign, simulateAudits } from "./stratified-preview";

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

describe("previewModelGuidedPlan", () => {
  const items = [
    ...Array.from({ length: 160 }, (_, i) => ({ id: `n${i}`, models: 4, disagreeing: 0 })),
    ...Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, models: 4, disagreeing: 1 })),
    ...Array.from({ length: 10 }, (_, i) => ({ id: `m${i}`, models: 4, disagreeing: 4 })),
  ];

  it("allocates as the draw would and previews at the assumed rates", () => {
    const plan = previewModelGuidedPlan({
      items,
      size: 40,
      allocation: { rule: "oversample", factor: 3 },
      assumedErrorRates: { none: 0.02, some: 0.2, most: 0.6 },
      replicates: 100,
    });
    const drawn = drawModelStratifiedSample({ items, size: 40, seed: "any", allocation: { rule: "oversample", factor: 3 } });
    expect(plan.allocation.map((a) => [a.key, a.population, a.allocated])).toEqual(
      drawn.allocation.map((a) => [a.key, a.population, a.allocated]),
    );
    expect(plan.preview.replicates).toBe(100);
    expect(plan.preview.trueRate).toBeCloseTo((3 + 6 + 6) / 200, 15);
  });

  it("needs an assumed rate for every stratum", () => {
    expect(() =>
      previewModelGuidedPlan({ items, size: 40, allocation: { rule: "proportional" }, assumedErrorRates: { none: 0.02, some: 0.2 } }),
    ).toThrow(RangeError);
  });
});
