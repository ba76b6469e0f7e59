import { describe, expect, it } from "vitest";
import { evenCostBound } from "@/lib/sampling/assign-balanced";
import {
  balancedIncomplete,
  fullyCrossed,
  itemsForClinician,
  manualPlan,
  validateManualAssignments,
  type AssignmentPlan,
} from "@/lib/sampling/assign";
import { AssignmentError } from "@/lib/sampling/errors";

const clinicians = (n: number) => Array.from({ length: n }, (_, i) => `dr-${i}`);
const items = (m: number) => Array.from({ length: m }, (_, i) => `item-${String(i).padStart(3, "0")}`);

function pairSet(plan: AssignmentPlan): string[] {
  return plan.assignments.map((a) => `${a.itemId}|${a.clinicianId}`).sort();
}

function expectAssignmentError(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AssignmentError);
    expect((e as AssignmentError).code).toBe(code);
    return;
  }
  throw new Error(`expected AssignmentError ${code}`);
}

describe("fullyCrossed", () => {
  it("assigns every clinician to every item, item-major", () => {
    const plan = fullyCrossed({ clinicianIds: ["x", "y"], itemIds: ["i1", "i2", "i3"] });
    expect(plan.assignments).toEqual([
      { itemId: "i1", clinicianId: "x" },
      { itemId: "i1", clinicianId: "y" },
      { itemId: "i2", clinicianId: "x" },
      { itemId: "i2", clinicianId: "y" },
      { itemId: "i3", clinicianId: "x" },
      { itemId: "i3", clinicianId: "y" },
    ]);
    expect(plan.stats).toMatchObject({ minLoad: 3, maxLoad: 3, minPairOverlap: 3, maxPairOverlap: 3, minRatersPerItem: 2 });
    expect(plan.ratersPerItem).toBe(2);
    expect(itemsForClinician(plan, "y")).toEqual(["i1", "i2", "i3"]);
  });

  it("reports null overlaps with a single clinician and validates ids", () => {
    expect(fullyCrossed({ clinicianIds: ["solo"], itemIds: ["i"] }).stats.minPairOverlap).toBeNull();
    expectAssignmentError(() => fullyCrossed({ clinicianIds: [], itemIds: ["i"] }), "NO_CLINICIANS");
    expectAssignmentError(() => fullyCrossed({ clinicianIds: ["a"], itemIds: [] }), "NO_ITEMS");
    expectAssignmentError(() => fullyCrossed({ clinicianIds: ["a", "a"], itemIds: ["i"] }), "DUPLICATE_CLINICIAN");
    expectAssignmentError(() => fullyCrossed({ clinicianIds: ["a"], itemIds: ["i", "i"] }), "DUPLICATE_ITEM");
    expectAssignmentError(() => fullyCrossed({ clinicianIds: [""], itemIds: ["i"] }), "INVALID_ID");
  });
});

describe("balancedIncomplete", () => {
  // (n, k, m) → exact BIBD with every pair sharing λ items; the search must find it.
  it.each([
    [7, 3, 7, 1], // Fano plane
    [4, 2, 6, 1], // all pairs once
    [6, 3, 10, 2],
    [9, 3, 12, 1], // affine plane of order 3
    [13, 4, 13, 1], // projective plane of order 3
    [11, 5, 11, 2], // biplane
  ])("reaches the BIBD for n=%i, k=%i, m=%i (λ=%i)", (n, k, m, lambda) => {
    for (const seed of ["s1", "s2"]) {
      const plan = balancedIncomplete({ clinicianIds: clinicians(n), itemIds: items(m), ratersPerItem: k, seed });
      expect(plan.stats).toMatchObject({
        minLoad: (m * k) / n,
        maxLoad: (m * k) / n,
        minPairOverlap: lambda,
        maxPairOverlap: lambda,
        minRatersPerItem: k,
        maxRatersPerItem: k,
      });
    }
  });

  // General cases: hard guarantees on loads and raters, near-even pair overlaps.
  it.each([
    [5, 2, 37],
    [8, 3, 100],
    [10, 3, 40],
    [12, 4, 30],
    [6, 5, 9],
    [4, 1, 10],
    [3, 3, 5],
    [10, 2, 3], // fewer seats than clinicians: some get nothing
    [20, 3, 200],
  ])("n=%i, k=%i, m=%i: loads within 1, k raters per item, overlaps near-even", (n, k, m) => {
    const plan = balancedIncomplete({ clinicianIds: clinicians(n), itemIds: items(m), ratersPerItem: k, seed: `case-${n}-${k}-${m}` });
    const { stats } = plan;
    expect(stats.maxLoad - stats.minLoad).toBeLessThanOrEqual(1);
    expect(stats.minLoad).toBe(Math.floor((m * k) / n));
    expect(stats.minRatersPerItem).toBe(k);
    expect(stats.maxRatersPerItem).toBe(k);
    expect(plan.assignments).toHaveLength(m * k);
    expect(new Set(pairSet(plan)).size).toBe(m * k); // nobody twice on an item
    // Perfect evenness is floor/ceil of the mean overlap; allow one unit of slack.
    const mean = (m * k * (k - 1)) / (n * (n - 1));
    expect(stats.minPairOverlap!).toBeGreaterThanOrEqual(Math.floor(mean) - 1);
    expect(stats.maxPairOverlap!).toBeLessThanOrEqual(Math.ceil(mean) + 1);
    expect(stats.maxPairOverlap! - stats.minPairOverlap!).toBeLessThanOrEqual(2);
  });

  it("is deterministic for a seed, independent of input order, and varies with the seed", () => {
    const input = { clinicianIds: clinicians(6), itemIds: items(20), ratersPerItem: 2, seed: "det" };
    const a = balancedIncomplete(input);
    expect(balancedIncomplete(input)).toEqual(a);
    const shuffled = balancedIncomplete({
      ...input,
      clinicianIds: [...input.clinicianIds].reverse(),
      itemIds: [...input.itemIds].reverse(),
    });
    expect(pairSet(shuffled)).toEqual(pairSet(a));
    // Output follows the caller's order.
    expect(shuffled.assignments[0]?.itemId).toBe("item-019");
    expect(pairSet(balancedIncomplete({ ...input, seed: "other" }))).not.toEqual(pairSet(a));
    expect(a).toMatchObject({ design: "balanced-incomplete", seed: "det", ratersPerItem: 2 });
  });

  it("validates k and the seed", () => {
    const base = { clinicianIds: clinicians(3), itemIds: items(3), seed: 1 };
    expectAssignmentError(() => balancedIncomplete({ ...base, ratersPerItem: 0 }), "INVALID_RATERS_PER_ITEM");
    expectAssignmentError(() => balancedIncomplete({ ...base, ratersPerItem: 4 }), "INVALID_RATERS_PER_ITEM");
    expectAssignmentError(() => balancedIncomplete({ ...base, ratersPerItem: 1.5 }), "INVALID_RATERS_PER_ITEM");
    expectAssignmentError(() => balancedIncomplete({ ...base, ratersPerItem: 2, seed: " " }), "INVALID_SEED");
  });

  it("evenCostBound is Σ overlap² of the most even spread", () => {
    expect(evenCostBound(7, 7, 3)).toBe(21); // 21 pairs × 1²
    expect(evenCostBound(4, 3, 2)).toBe(3); // 3 of 6 pairs once
    expect(evenCostBound(1, 5, 1)).toBe(0);
  });
});

describe("manual assignments", () => {
  const ids = { clinicianIds: ["x", "y", "z"], itemIds: ["i1", "i2"] };

  it("accepts a valid list, orders it, and warns about gaps", () => {
    const result = validateManualAssignments({
      ...ids,
      assignments: [
        { itemId: "i1", clinicianId: "y" },
        { itemId: "i1", clinicianId: "x" },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.assignments).toEqual([
      { itemId: "i1", clinicianId: "x" },
      { itemId: "i1", clinicianId: "y" },
    ]);
    expect(result.plan.stats).toMatchObject({ minLoad: 0, maxLoad: 1, minRatersPerItem: 0, maxRatersPerItem: 2 });
    expect(result.warnings).toEqual([
      { kind: "item-without-clinician", itemId: "i2" },
      { kind: "clinician-without-items", clinicianId: "z" },
    ]);
  });

  it("collects every problem: unknown clinician/item, duplicates, malformed entries", () => {
    const result = validateManualAssignments({
      ...ids,
      assignments: [
        { itemId: "i1", clinicianId: "x" },
        { itemId: "i1", clinicianId: "ghost" },
        { itemId: "nope", clinicianId: "y" },
        { itemId: "i1", clinicianId: "x" },
        { itemId: 3 } as unknown as { itemId: string; clinicianId: string },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { kind: "unknown-clinician", index: 1, clinicianId: "ghost" },
      { kind: "unknown-item", index: 2, itemId: "nope" },
      { kind: "duplicate", index: 3, firstIndex: 0, itemId: "i1", clinicianId: "x" },
      { kind: "invalid-entry", index: 4 },
    ]);
  });

  it("manualPlan throws a typed error carrying the issues", () => {
    expectAssignmentError(() => manualPlan({ ...ids, assignments: [{ itemId: "i9", clinicianId: "x" }] }), "INVALID_MANUAL_ASSIGNMENT");
    expect(manualPlan({ ...ids, assignments: [{ itemId: "i2", clinicianId: "z" }] }).design).toBe("manual");
  });
});
