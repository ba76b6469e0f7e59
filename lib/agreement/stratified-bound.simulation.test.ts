/**
 * The coverage check of issue #34: 2,000 seeded simulated audits of a finite benchmark whose
 * strata hold known numbers of wrong gold answers, drawn with the design and bounded with
 * stratified-bound.ts. The bound must cover the true error rate in ≥ 95 % of them at each of
 * several true rates and allocations, and be narrower on average than the report's exact bound
 * for a simple random sample of the same n (hypergeometric, error-rate-bound.ts) when the
 * models are informative. Takes about two seconds.
 */
import { describe, expect, it } from "vitest";
import { allocateStrata, allocationWeights, type AllocationRule } from "../sampling/strata-allocation";
import type { ModelStratum } from "../sampling/stratified";
import { simulateAudits } from "./stratified-preview";

interface Scenario {
  name: string;
  keys: ModelStratum[];
  sizes: number[];
  /** True error rates per stratum; E_h = round(N_h·p_h). */
  rates: number[];
  n: number;
  allocation: AllocationRule;
}

const NEYMAN_PRIOR = { none: 0.02, some: 0.15, most: 0.5, unpredicted: 0.1 };

const SCENARIOS: Scenario[] = [
  {
    name: "2 % overall, oversampling ×3",
    keys: ["none", "some", "most"],
    sizes: [1700, 250, 50],
    rates: [0.005, 0.04, 0.4],
    n: 200,
    allocation: { rule: "oversample", factor: 3 },
  },
  {
    name: "5 % overall, Neyman",
    keys: ["none", "some", "most"],
    sizes: [1600, 300, 100],
    rates: [0.01, 0.1, 0.6],
    n: 200,
    allocation: { rule: "neyman", priorErrorRates: NEYMAN_PRIOR },
  },
  {
    name: "15 % overall, oversampling ×3, with unpredicted items",
    keys: ["none", "some", "most", "unpredicted"],
    sizes: [1150, 500, 300, 50],
    rates: [0.05, 0.2, 0.5, 0.1],
    n: 200,
    allocation: { rule: "oversample", factor: 3 },
  },
  {
    name: "28 % overall, proportional",
    keys: ["none", "some", "most"],
    sizes: [1000, 600, 400],
    rates: [0.1, 0.3, 0.7],
    n: 150,
    allocation: { rule: "proportional" },
  },
];

describe("stratified upper bound: coverage by simulation", () => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))("%s", (_, s) => {
    const weights = allocationWeights(
      s.keys.map((key, h) => ({ key, size: s.sizes[h] as number })),
      s.allocation,
    );
    const allocated = allocateStrata(s.sizes, weights, s.n);
    const result = simulateAudits(
      s.sizes.map((population, h) => ({
        population,
        errors: Math.round(population * (s.rates[h] as number)),
        allocated: allocated[h] as number,
      })),
      { replicates: 2000, seed: `coverage ${s.name}` },
    );
    expect(result.stratified.coverage).toBeGreaterThanOrEqual(0.95);
    // Informative models: the design's bound is tighter than simple random sampling's.
    expect(result.stratified.meanUpper).toBeLessThan(result.srs.meanUpper);
    expect(result.stratified.medianUpper).toBeLessThan(result.srs.medianUpper);
  });
});
