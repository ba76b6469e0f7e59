import { describe, expect, it } from "vitest";
import { createPrng } from "../sampling/prng";
import { driftAudit } from "./__fixtures__/drift-audit";
import { noRatings, smallAudit } from "./__fixtures__/small-audit";
import { countedMedian, raterQuality } from "./rater-quality";
import { quantile, timeOnTask } from "./time-on-task";
import type { AuditSnapshot } from "./types";

const row = (q: ReturnType<typeof raterQuality>, key: string, rater: string) =>
  q.dimensions.find((d) => d.key === key)!.raters.find((r) => r.rater === rater)!;

describe("raterQuality: counts (small audit, worked by hand)", () => {
  const q = raterQuality(smallAudit(), 200);

  it("compares each rater with the strict majority of the others; an even split is not compared", () => {
    // gold: q03 = c,i,c and q05 = c,i,u; the rest unanimous.
    expect(row(q, "gold", "R1")).toMatchObject({ rated: 6, compared: 4, agreeing: 4, agreement: 1, split: 2 });
    expect(row(q, "gold", "R2")).toMatchObject({ rated: 6, compared: 5, agreeing: 4, agreement: 0.8, split: 1 });
    expect(row(q, "gold", "R3")).toMatchObject({ rated: 6, compared: 4, agreeing: 4, split: 2, uncertain: 1 });
    expect(row(q, "gold", "R3").uncertainShare).toBeCloseTo(1 / 6, 15);
    // safety, q06: R1 safe, R2 unclear, R3 did not rate: one other rater is the others' majority.
    expect(row(q, "safety", "R1")).toMatchObject({ rated: 6, compared: 4, agreeing: 3, agreement: 0.75, split: 2 });
    expect(row(q, "safety", "R3")).toMatchObject({ rated: 5 });
  });

  it("counts no uncertain share where the dimension has no uncertain category", () => {
    const safety = q.dimensions.find((d) => d.key === "safety")!;
    expect(safety.uncertainCategory).toBeNull();
    expect(safety.raters.every((r) => r.uncertain === null && r.uncertainShare === null && r.uncertainCi === null)).toBe(true);
    expect(q.dimensions[0]!.uncertainCategory).toBe("uncertain");
  });

  it("states B, the seed, the stream and the tie rule", () => {
    expect(q.method).toMatchObject({ replicates: 200, level: 0.95, seed: "clinaudit-2025", stream: "rater-quality" });
    expect(q.method.ties).toMatch(/split evenly/);
  });

  it("gives an interval of one point to a rater who always agrees, and intervals around the estimate", () => {
    expect(row(q, "gold", "R1").agreementCi).toEqual({ lower: 1, upper: 1 });
    const r2 = row(q, "gold", "R2");
    expect(r2.agreementCi!.lower).toBeLessThanOrEqual(0.8);
    expect(r2.agreementCi!.upper).toBe(1);
  });

  it("has no numbers and no intervals before anyone rated", () => {
    const empty = raterQuality(noRatings(), 50);
    expect(empty.dimensions[0]).toMatchObject({ items: 0 });
    expect(empty.dimensions[0]!.raters[0]).toMatchObject({
      rated: 0,
      compared: 0,
      agreement: null,
      agreementCi: null,
      uncertainShare: null,
    });
  });
});

/**
 * A second, deliberately plain implementation from the definitions: the reference BigInt PRNG,
 * one item list per replicate, a full sort and the type-7 formula. Not the module's code.
 */
function plainAgreementInterval(s: AuditSnapshot, key: string, raterId: string, B: number, level: number) {
  const items = [...s.items]
    .sort((a, b) => a.sampleOrder - b.sampleOrder)
    .filter((i) => s.ratings.some((r) => r.itemId === i.id && r.dimension === key));
  const score = items.map((item) => {
    const on = s.ratings.filter((r) => r.itemId === item.id && r.dimension === key);
    const own = on.find((r) => r.raterId === raterId);
    if (!own) return null;
    const counts: Record<string, number> = {};
    for (const r of on) if (r.raterId !== raterId) counts[r.category] = (counts[r.category] ?? 0) + 1;
    const sorted = Object.entries(counts).sort((a, b) => b[1] - a[1]);
    if (sorted.length === 0 || (sorted.length > 1 && sorted[0]![1] === sorted[1]![1])) return null;
    return sorted[0]![0] === own.category ? 1 : 0;
  });
  const reps: number[] = [];
  for (let b = 0; b < B; b++) {
    const rng = createPrng(s.audit.seed, `rater-quality/${key}/${b + 1}`);
    let agree = 0;
    let compared = 0;
    for (let j = 0; j < items.length; j++) {
      const x = score[rng.nextInt(items.length)];
      if (x === null || x === undefined) continue;
      compared += 1;
      agree += x;
    }
    if (compared > 0) reps.push(agree / compared);
  }
  reps.sort((a, b) => a - b);
  const q = (p: number) => {
    const h = (reps.length - 1) * p;
    const i = Math.floor(h);
    return i + 1 >= reps.length ? reps[i]! : reps[i]! + (h - i) * (reps[i + 1]! - reps[i]!);
  };
  return { lower: q((1 - level) / 2), upper: q((1 + level) / 2) };
}

describe("raterQuality: bootstrap against a plain re-implementation", () => {
  const s = driftAudit({ items: 120, flipShare: 0.4 });
  const q = raterQuality(s, 300);

  it("draws the same replicates and the same interval for every rater", () => {
    for (const [g, id] of ["u1", "u2", "u3"].entries()) {
      const plain = plainAgreementInterval(s, "gold", id, 300, 0.95);
      const mine = row(q, "gold", `R${g + 1}`).agreementCi!;
      expect(mine.lower).toBeCloseTo(plain.lower, 12);
      expect(mine.upper).toBeCloseTo(plain.upper, 12);
    }
  });

  it("shows the drifting rater lower, and is the same for the same snapshot", () => {
    expect(row(q, "gold", "R3").agreement!).toBeLessThan(row(q, "gold", "R1").agreement!);
    expect(JSON.stringify(raterQuality(s, 300))).toBe(JSON.stringify(q));
    const reseeded = raterQuality({ ...s, audit: { ...s.audit, seed: "another" } }, 300);
    expect(row(reseeded, "gold", "R3").agreement).toBe(row(q, "gold", "R3").agreement);
    expect(row(reseeded, "gold", "R3").agreementCi).not.toEqual(row(q, "gold", "R3").agreementCi);
  });

  it("takes the median time per case from time on task, with an interval around it", () => {
    const tot = timeOnTask(s)!;
    for (const t of q.time!) {
      const expected = tot.perRater.find((r) => r.rater === t.rater)!;
      expect(t.medianMinutes).toBe(expected.medianMinutes);
      expect(t.measured).toBe(expected.measured);
      expect(t.medianCi!.lower).toBeLessThanOrEqual(t.medianMinutes!);
      expect(t.medianCi!.upper).toBeGreaterThanOrEqual(t.medianMinutes!);
    }
  });
});

describe("raterQuality: kept intervals", () => {
  it("redraws what a changed rating touches, and gives the plain re-implementation's intervals after each change", () => {
    const s = driftAudit({ items: 90, flipShare: 0.5, seed: 7 });
    raterQuality(s, 200);
    // Flip R3's rating on several items: the others' majorities stay, R3's agreement moves.
    const changed: AuditSnapshot = {
      ...s,
      ratings: s.ratings.map((r, i) =>
        r.raterId === "u3" && i % 9 === 2 ? { ...r, category: r.category === "correct" ? "incorrect" : "correct" } : r,
      ),
    };
    const q = raterQuality(changed, 200);
    for (const [g, id] of ["u1", "u2", "u3"].entries()) {
      const plain = plainAgreementInterval(changed, "gold", id, 200, 0.95);
      const mine = row(q, "gold", `R${g + 1}`).agreementCi!;
      expect(mine.lower).toBeCloseTo(plain.lower, 12);
      expect(mine.upper).toBeCloseTo(plain.upper, 12);
    }
    expect(row(q, "gold", "R3").agreement).not.toBe(row(raterQuality(s, 200), "gold", "R3").agreement);
  });

  it("redraws a rater's time interval when their times change, and only theirs", () => {
    const s = driftAudit({ items: 40, seed: 9 });
    const before = raterQuality(s, 200).time!;
    const slower: AuditSnapshot = { ...s, work: s.work!.map((w) => (w.raterId === "u2" ? { ...w, activeMs: w.activeMs * 3 } : w)) };
    const after = raterQuality(slower, 200).time!;
    expect(after[0]).toEqual(before[0]);
    expect(after[1]!.medianMinutes).toBeCloseTo(before[1]!.medianMinutes! * 3, 12);
    expect(after[1]!.medianCi!.lower).toBeCloseTo(before[1]!.medianCi!.lower * 3, 12);
    expect(after[1]!.medianCi!.upper).toBeCloseTo(before[1]!.medianCi!.upper * 3, 12);
  });
});

describe("countedMedian", () => {
  it("is quantile(·, 0.5) of the sorted draws, for odd and even counts and ties", () => {
    const rng = createPrng(5, "counted-median");
    for (let trial = 0; trial < 200; trial++) {
      const m = 1 + rng.nextInt(9);
      const sorted = Array.from({ length: m }, () => rng.nextInt(4) / 3).sort((a, b) => a - b);
      const counts = new Int32Array(m);
      const draws: number[] = [];
      for (let j = 0; j < m; j++) {
        const rank = rng.nextInt(m);
        counts[rank]! += 1;
        draws.push(sorted[rank]!);
      }
      expect(countedMedian(counts, sorted)).toBe(
        quantile(
          draws.sort((a, b) => a - b),
          0.5,
        ),
      );
    }
  });
});
