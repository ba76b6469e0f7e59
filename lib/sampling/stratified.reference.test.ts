/**
 * Pins the model-guided design and its bound to an independent Python re-implementation
 * written from the documentation and the paper (__fixtures__/stratified_reference.py: its own
 * PRNG, incomplete beta, t and beta quantiles): strata, weights, allocation and drawn ids
 * exactly; the estimate, its variance, n*, n*_df and the upper bound to 1e-12.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stratifiedErrorRateBound, type StratumTally } from "../agreement/stratified-bound";
import type { AllocationRule } from "./strata-allocation";
import { drawModelStratifiedSample, type ItemDisagreement } from "./stratified";

const PYTHON_REFERENCE = path.join(import.meta.dirname, "__fixtures__", "stratified_reference.py");

function hasNumpy(): boolean {
  try {
    execFileSync("python3", ["-c", "import numpy"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A frame of `sizes` items per stratum (none, some, most, unpredicted) with 5 models. */
function frame(prefix: string, sizes: readonly [number, number, number, number]): ItemDisagreement[] {
  const out: ItemDisagreement[] = [];
  const make = (count: number, models: number, disagreeing: (i: number) => number) => {
    for (let i = 0; i < count; i++) {
      out.push({ id: `${prefix}-${String(out.length).padStart(5, "0")}`, models, disagreeing: disagreeing(i) });
    }
  };
  make(sizes[0], 5, () => 0);
  make(sizes[1], 5, (i) => 1 + (i % 2)); // 1 or 2 of 5: some
  make(sizes[2], 5, (i) => 3 + (i % 3)); // 3, 4 or 5 of 5: most
  make(sizes[3], 0, () => 0);
  // Ids out of order, and one non-ASCII id, so the canonical order matters.
  out.reverse();
  if (out[0]) out[0] = { ...out[0], id: `é-${out[0].id}` };
  return out;
}

const DRAWS: { items: ItemDisagreement[]; size: number; seed: string; allocation: AllocationRule }[] = [
  { items: frame("a", [800, 150, 50, 0]), size: 100, seed: "42", allocation: { rule: "proportional" } },
  {
    items: frame("b", [1600, 300, 100, 20]),
    size: 200,
    seed: "neyman-1",
    allocation: { rule: "neyman", priorErrorRates: { none: 0.02, some: 0.15, most: 0.5, unpredicted: 0.1 } },
  },
  { items: frame("c", [500, 40, 7, 3]), size: 120, seed: "över", allocation: { rule: "oversample", factor: 4 } },
  { items: frame("d", [30, 1, 1, 0]), size: 5, seed: "tiny", allocation: { rule: "oversample", factor: 10 } },
  { items: frame("e", [60, 25, 15, 0]), size: 90, seed: "caps", allocation: { rule: "oversample", factor: 8 } },
];

const BOUNDS: { strata: StratumTally[]; level: number }[] = [
  {
    strata: [
      { population: 1600, rated: 118, incorrect: 2 },
      { population: 300, rated: 56, incorrect: 6 },
      { population: 100, rated: 26, incorrect: 15 },
    ],
    level: 0.95,
  },
  {
    strata: [
      { population: 1600, rated: 118, incorrect: 0 },
      { population: 300, rated: 56, incorrect: 5 },
      { population: 100, rated: 26, incorrect: 16 },
    ],
    level: 0.95,
  },
  {
    strata: [
      { population: 1200, rated: 34, incorrect: 0 },
      { population: 500, rated: 36, incorrect: 0 },
      { population: 300, rated: 30, incorrect: 0 },
    ],
    level: 0.95,
  },
  {
    strata: [
      { population: 1200, rated: 68, incorrect: 4 },
      { population: 500, rated: 72, incorrect: 15 },
      { population: 300, rated: 60, incorrect: 29 },
    ],
    level: 0.99,
  },
  { strata: [{ population: 1000, rated: 100, incorrect: 7 }], level: 0.95 },
  {
    strata: [
      { population: 40, rated: 40, incorrect: 3 },
      { population: 500, rated: 1, incorrect: 0 },
      { population: 20, rated: 9, incorrect: 9 },
    ],
    level: 0.9,
  },
  {
    strata: [
      { population: 40, rated: 40, incorrect: 3 },
      { population: 10, rated: 10, incorrect: 2 },
    ],
    level: 0.95,
  },
  {
    strata: [
      { population: 50, rated: 10, incorrect: 10 },
      { population: 60, rated: 12, incorrect: 12 },
    ],
    level: 0.95,
  },
];

describe.skipIf(!hasNumpy())("model-guided sampling against the independent Python reference", () => {
  const reference = JSON.parse(
    execFileSync("python3", [PYTHON_REFERENCE], {
      input: JSON.stringify({
        draws: DRAWS.map((d) => ({ ...d, items: d.items.map((it) => [it.id, it.models, it.disagreeing]) })),
        bounds: BOUNDS.map((b) => ({ level: b.level, strata: b.strata.map((s) => [s.population, s.rated, s.incorrect]) })),
      }),
      encoding: "utf8",
    }),
  ) as {
    draws: { strata: string[]; weights: number[]; allocated: number[]; ids: string[] }[];
    bounds: { estimate: number; variance: number; nStar: number | null; nAdj: number | null; upper: number }[];
  };

  it.each(DRAWS.map((d, i) => [i, d] as const))("draw %i: same strata, weights, allocation and ids", (i, d) => {
    const ours = drawModelStratifiedSample(d);
    const ref = reference.draws[i];
    expect(ours.allocation.map((a) => a.key)).toEqual(ref?.strata);
    ours.allocation.forEach((a, h) => expect(Math.abs(a.weight - (ref?.weights[h] as number))).toBeLessThanOrEqual(1e-12 * a.weight));
    expect(ours.allocation.map((a) => a.allocated)).toEqual(ref?.allocated);
    expect(ours.ids).toEqual(ref?.ids);
  });

  it.each(BOUNDS.map((b, i) => [i, b] as const))("bound %i: estimate, variance, n*, n*_df and upper to 1e-12", (i, b) => {
    const ours = stratifiedErrorRateBound(b.strata, { confidenceLevel: b.level });
    const ref = reference.bounds[i] as (typeof reference.bounds)[number];
    const close = (a: number | null, r: number | null, rel = false) => {
      if (r === null) return expect(a).toBeNull();
      expect(a).not.toBeNull();
      expect(Math.abs((a as number) - r)).toBeLessThanOrEqual(rel ? 1e-12 * Math.abs(r) : 1e-12);
    };
    close(ours.estimate, ref.estimate);
    close(ours.variance, ref.variance);
    close(ours.effectiveSampleSize, ref.nStar, true);
    close(ours.adjustedEffectiveSampleSize, ref.nAdj, true);
    close(ours.upper, ref.upper);
  });
});
