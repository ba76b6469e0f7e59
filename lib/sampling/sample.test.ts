import { describe, expect, it } from "vitest";
import { SamplingError } from "@/lib/sampling/errors";
import {
  SAMPLE_ALGORITHM_NAME,
  allocateLargestRemainder,
  drawSample,
  frameChecksum,
  verifySample,
  type FrameItem,
} from "@/lib/sampling/sample";

const pad = (i: number) => String(i).padStart(2, "0");
const simpleFrame = (n: number): FrameItem[] => Array.from({ length: n }, (_, i) => ({ id: `item-${pad(i + 1)}`, strata: {} }));

/** 60 items over chapters A/B/C (30/20/10) and levels 1/2. */
const stratFrame: FrameItem[] = Array.from({ length: 60 }, (_, i) => ({
  id: `q${pad(i)}`,
  strata: { chapter: i < 30 ? "A" : i < 50 ? "B" : "C", level: String((i % 2) + 1) },
}));

function reversed<T>(xs: readonly T[]): T[] {
  return [...xs].reverse();
}

function expectCode(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SamplingError);
    expect((e as SamplingError).code).toBe(code);
    return;
  }
  throw new Error(`expected SamplingError ${code}`);
}

describe("drawSample — golden output (guards the frozen PRNG + algorithm)", () => {
  // Re-computed independently with a Python implementation of the documented spec.
  it("draws the pinned sample for item-01..item-20, size 5, seed 42", () => {
    const s = drawSample({ frame: simpleFrame(20), size: 5, seed: 42 });
    expect(s.ids).toEqual(["item-08", "item-06", "item-17", "item-07", "item-03"]);
    expect(s.frameChecksum).toBe("1eaf868830aec8a38866b7539d5b6f77399171efbf7b53743e41505526b06bef");
    expect(s).toMatchObject({
      seed: "42",
      size: 5,
      frameSize: 20,
      strataKeys: [],
      algorithm: { name: SAMPLE_ALGORITHM_NAME, version: 1, prng: "xoshiro256**/sha256-seed", prngVersion: 1 },
      allocation: [{ key: "[]", values: {}, population: 20, allocated: 5, drawn: 5 }],
    });
  });

  it("draws the pinned stratified sample", () => {
    const s = drawSample({ frame: stratFrame, size: 6, seed: "golden", strata: ["chapter"] });
    // Also re-computed with the Python implementation of the spec.
    expect(s.ids).toEqual(["q09", "q54", "q17", "q37", "q35", "q13"]);
    expect(s.allocation.map((a) => a.allocated)).toEqual([3, 2, 1]);
  });
});

describe("drawSample — reproducibility", () => {
  const frame = simpleFrame(50);

  it("same inputs and seed give the same sample", () => {
    expect(drawSample({ frame, size: 10, seed: "audit-2025" })).toEqual(drawSample({ frame, size: 10, seed: "audit-2025" }));
  });

  it("frame order does not matter (simple and stratified)", () => {
    expect(drawSample({ frame: reversed(frame), size: 10, seed: 7 })).toEqual(drawSample({ frame, size: 10, seed: 7 }));
    const a = drawSample({ frame: stratFrame, size: 12, seed: 7, strata: ["chapter", "level"] });
    const b = drawSample({ frame: reversed(stratFrame), size: 12, seed: 7, strata: ["level", "chapter"] });
    expect(b).toEqual(a);
  });

  it("different seeds give different samples", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++) seen.add(drawSample({ frame, size: 10, seed }).ids.join(","));
    expect(seen.size).toBe(20);
  });

  it("draws distinct frame ids of the requested size, and size = N is a permutation", () => {
    const s = drawSample({ frame, size: 50, seed: "all" });
    expect([...s.ids].sort()).toEqual(frame.map((f) => f.id));
  });

  it("frameChecksum is order-independent SHA-256 of sorted ids", () => {
    expect(frameChecksum(["b", "a"])).toBe(frameChecksum(["a", "b"]));
    // printf 'a\nb' | sha256sum
    expect(frameChecksum(["a", "b"])).toBe("7e18f737311b2dc3b2f269dd78396b0351f14fb66efa879f768cb23181883c78");
  });
});

describe("drawSample — uniformity sanity", () => {
  it("each item is included with frequency ≈ size/N over many seeds", () => {
    const N = 20;
    const size = 5;
    const runs = 2000;
    const frame = simpleFrame(N);
    const counts = new Map<string, number>(frame.map((f) => [f.id, 0]));
    const firstPick = new Map<string, number>(frame.map((f) => [f.id, 0]));
    for (let r = 0; r < runs; r++) {
      const { ids } = drawSample({ frame, size, seed: `uniformity-${r}` });
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      firstPick.set(ids[0]!, (firstPick.get(ids[0]!) ?? 0) + 1);
    }
    const expected = (runs * size) / N; // 500
    for (const c of counts.values()) expect(Math.abs(c - expected)).toBeLessThan(expected * 0.2);
    // Binomial variance per item is runs·p·(1−p); the sum of standardised squares ~ χ²(N−1) (roughly;
    // inclusions are slightly negatively correlated, which only makes the statistic smaller).
    const p = size / N;
    const chi2 = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / (runs * p * (1 - p)), 0);
    expect(chi2).toBeLessThan(43.8); // χ²(19) at p = 0.001
    const firstExp = runs / N;
    const chiFirst = [...firstPick.values()].reduce((s, c) => s + (c - firstExp) ** 2 / firstExp, 0);
    expect(chiFirst).toBeLessThan(43.8);
  });
});

describe("drawSample — stratified", () => {
  it("allocates proportionally, sums to size, and draws within each stratum", () => {
    const s = drawSample({ frame: stratFrame, size: 12, seed: "strat", strata: ["chapter"] });
    expect(s.allocation.map((a) => [a.values.chapter, a.population, a.allocated, a.drawn])).toEqual([
      ["A", 30, 6, 6],
      ["B", 20, 4, 4],
      ["C", 10, 2, 2],
    ]);
    const chapterOf = new Map(stratFrame.map((f) => [f.id, f.strata.chapter]));
    const got = s.ids.map((id) => chapterOf.get(id));
    expect(got.filter((c) => c === "A")).toHaveLength(6);
    expect(got.filter((c) => c === "C")).toHaveLength(2);
    expect(new Set(s.ids).size).toBe(12);
  });

  it("uses largest remainders, ties broken by stratum key", () => {
    // Quotas 7·(3,3,1)/7 are exact; 5·(3,3,1)/7 = 2.14, 2.14, 0.71 → (2, 2, 1).
    expect(allocateLargestRemainder([3, 3, 1], 5)).toEqual([2, 2, 1]);
    // 1·(1,1,1)/3: three equal remainders → the first stratum in key order gets it.
    expect(allocateLargestRemainder([1, 1, 1], 1)).toEqual([1, 0, 0]);
    expect(allocateLargestRemainder([1, 1, 1], 2)).toEqual([1, 1, 0]);
    // Hamilton: 10·(50,30,20)/100 → 5,3,2 exactly; 7·… = 3.5, 2.1, 1.4 → 4, 2, 1.
    expect(allocateLargestRemainder([50, 30, 20], 7)).toEqual([4, 2, 1]);
  });

  it("allocation property: sums to size, each within 1 of its quota, never above population", () => {
    for (let t = 0; t < 200; t++) {
      const pops = Array.from({ length: 1 + (t % 7) }, (_, i) => 1 + ((t * 31 + i * 17) % 23));
      const total = pops.reduce((a, b) => a + b, 0);
      const size = 1 + ((t * 13) % total);
      const alloc = allocateLargestRemainder(pops, size);
      expect(alloc.reduce((a, b) => a + b, 0)).toBe(size);
      alloc.forEach((a, i) => {
        const quota = (size * pops[i]!) / total;
        expect(a).toBeGreaterThanOrEqual(Math.floor(quota));
        expect(a).toBeLessThanOrEqual(Math.ceil(quota));
        expect(a).toBeLessThanOrEqual(pops[i]!);
      });
    }
  });

  it("cross-classifies on several keys with stable stratum keys", () => {
    const s = drawSample({ frame: stratFrame, size: 10, seed: 3, strata: ["level", "chapter"] });
    expect(s.strataKeys).toEqual(["chapter", "level"]);
    expect(s.allocation.map((a) => a.key)).toEqual(['["A","1"]', '["A","2"]', '["B","1"]', '["B","2"]', '["C","1"]', '["C","2"]']);
    expect(s.allocation.reduce((t, a) => t + a.drawn, 0)).toBe(10);
  });

  it("a stratum's draw does not change when another stratum changes", () => {
    const base = drawSample({ frame: stratFrame, size: 12, seed: "stable", strata: ["chapter"] });
    // Replace chapter C items with different ones; A and B keep their allocations (6, 4).
    const changed = stratFrame.map((f) => (f.strata.chapter === "C" ? { ...f, id: `z-${f.id}` } : f));
    const next = drawSample({ frame: changed, size: 12, seed: "stable", strata: ["chapter"] });
    const inAB = (ids: string[]) => ids.filter((id) => !id.startsWith("z-") && Number(id.slice(1)) < 50).sort();
    expect(inAB(next.ids)).toEqual(inAB(base.ids));
  });
});

describe("drawSample — errors", () => {
  it.each([
    ["empty frame", () => drawSample({ frame: [], size: 1, seed: 1 }), "EMPTY_FRAME"],
    ["size 0", () => drawSample({ frame: simpleFrame(3), size: 0, seed: 1 }), "INVALID_SIZE"],
    ["negative size", () => drawSample({ frame: simpleFrame(3), size: -2, seed: 1 }), "INVALID_SIZE"],
    ["fractional size", () => drawSample({ frame: simpleFrame(3), size: 1.5, seed: 1 }), "INVALID_SIZE"],
    ["size > frame", () => drawSample({ frame: simpleFrame(3), size: 4, seed: 1 }), "SIZE_EXCEEDS_FRAME"],
    ["bad seed", () => drawSample({ frame: simpleFrame(3), size: 1, seed: "" }), "INVALID_SEED"],
    ["newline id", () => drawSample({ frame: [{ id: "a\nb", strata: {} }], size: 1, seed: 1 }), "INVALID_ID"],
    ["duplicate strata key", () => drawSample({ frame: stratFrame, size: 1, seed: 1, strata: ["level", "level"] }), "INVALID_STRATA"],
    [
      "missing stratum value",
      () => drawSample({ frame: stratFrame, size: 1, seed: 1, strata: ["decisionPoint"] }),
      "MISSING_STRATUM_VALUE",
    ],
  ])("%s", (_name, fn, code) => expectCode(fn, code));

  it("reports duplicate ids by name", () => {
    const frame = [...simpleFrame(3), { id: "item-02", strata: {} }];
    expect(() => drawSample({ frame, size: 1, seed: 1 })).toThrow(/duplicate item ids: "item-02"/);
    expectCode(() => drawSample({ frame, size: 1, seed: 1 }), "DUPLICATE_ID");
  });
});

describe("verifySample", () => {
  it("confirms a stored sample re-draws, from a JSON round trip", () => {
    const stored = JSON.parse(JSON.stringify(drawSample({ frame: stratFrame, size: 9, seed: 99, strata: ["chapter"] })));
    expect(verifySample(stored, reversed(stratFrame))).toEqual({ ok: true, problems: [] });
  });

  it("flags a changed frame, a tampered sample and an impossible re-draw", () => {
    const stored = drawSample({ frame: simpleFrame(20), size: 5, seed: 1 });
    const changed = verifySample(stored, [...simpleFrame(20), { id: "extra", strata: {} }]);
    expect(changed.ok).toBe(false);
    expect(changed.problems[0]).toMatch(/checksum/);
    expect(verifySample({ ...stored, ids: [...stored.ids].reverse() }, simpleFrame(20)).ok).toBe(false);
    expect(verifySample(stored, simpleFrame(3)).problems[0]).toMatch(/Cannot re-draw/);
  });

  it("refuses samples from an unknown algorithm version", () => {
    const stored = drawSample({ frame: simpleFrame(5), size: 2, seed: 1 });
    expectCode(() => verifySample({ ...stored, algorithm: { ...stored.algorithm, version: 2 } }, simpleFrame(5)), "UNSUPPORTED_ALGORITHM");
  });
});
