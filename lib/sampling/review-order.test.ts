import { describe, expect, it } from "vitest";
import { reviewOrder, reviewOrderRule, reviewPositions, storedReviewOrderRule, streamLabel, type OrderableItem } from "./review-order";

// Ten patients; P00..P04 have three decision points whose sample order runs against cutoff order.
function items(): OrderableItem[] {
  const out: OrderableItem[] = [];
  let order = 0;
  for (let p = 0; p < 10; p++) {
    const dps = p < 5 ? [3, 1, 2] : [1];
    for (const dp of dps) {
      out.push({
        id: `P${p}-D${dp}`,
        sampleOrder: ++order,
        patientId: `P${p}`,
        cutoff: new Date(Date.UTC(2026, 0, dp * 7)),
        decisionPoint: dp,
      });
    }
  }
  return out;
}

const inCutoffOrder = (order: OrderableItem[]) =>
  [...new Set(order.map((i) => i.patientId))].every((p) => {
    const cut = order.filter((i) => i.patientId === p).map((i) => +i.cutoff!);
    return cut.every((c, k) => k === 0 || cut[k - 1]! < c);
  });

describe("reviewOrder", () => {
  it("keeps every patient's decision points in cutoff order, for many raters", () => {
    for (let r = 0; r < 50; r++) expect(inCutoffOrder(reviewOrder(items(), "seed-1", "per-rater", `rater-${r}`))).toBe(true);
  });

  it("is a permutation of the items", () => {
    const order = reviewOrder(items(), "seed-1", "per-rater", "a");
    expect(order.map((i) => i.id).sort()).toEqual(
      items()
        .map((i) => i.id)
        .sort(),
    );
  });

  it("gives raters different orders per rater, and one order when shared", () => {
    const ids = (mode: "per-rater" | "shared", rater: string) =>
      reviewOrder(items(), 42, mode, rater)
        .map((i) => i.id)
        .join();
    expect(new Set(["a", "b", "c"].map((r) => ids("per-rater", r))).size).toBe(3);
    expect(new Set(["a", "b", "c"].map((r) => ids("shared", r))).size).toBe(1);
  });

  it("does not depend on the input's order and reproduces a pinned order (frozen v1)", () => {
    const a = reviewOrder(items(), "pinned", "per-rater", "u1").map((i) => i.id);
    const b = reviewOrder(items().reverse(), "pinned", "per-rater", "u1").map((i) => i.id);
    expect(b).toEqual(a);
    expect(a).toMatchInlineSnapshot(`
      [
        "P9-D1",
        "P1-D1",
        "P1-D2",
        "P6-D1",
        "P2-D1",
        "P0-D1",
        "P2-D2",
        "P1-D3",
        "P5-D1",
        "P0-D2",
        "P4-D1",
        "P3-D1",
        "P4-D2",
        "P3-D2",
        "P7-D1",
        "P8-D1",
        "P0-D3",
        "P2-D3",
        "P4-D3",
        "P3-D3",
      ]
    `);
  });

  it("keeps the shuffle's patient positions (patients stay spread out, not grouped)", () => {
    const order = reviewOrder(items(), "spread", "shared", "x");
    const positions = order.flatMap((item, i) => (item.patientId === "P0" ? [i] : []));
    expect(positions).toHaveLength(3);
    // Same positions as the raw shuffle would give P0 (only which P0 item sits where changes).
    const sameSeed = reviewOrder(
      items().map((i) => ({ ...i, cutoff: null, decisionPoint: null })),
      "spread",
      "shared",
      "x",
    );
    expect(sameSeed.flatMap((item, i) => (item.patientId === "P0" ? [i] : []))).toEqual(positions);
  });

  it("puts items without a cutoff after those with one, then by decision point and sample order", () => {
    const list: OrderableItem[] = [
      { id: "n2", sampleOrder: 1, patientId: "p", cutoff: null, decisionPoint: null },
      { id: "c", sampleOrder: 2, patientId: "p", cutoff: new Date(5), decisionPoint: 2 },
      { id: "n1", sampleOrder: 0, patientId: "p", cutoff: null, decisionPoint: null },
    ];
    expect(reviewOrder(list, 1, "shared", "").map((i) => i.id)).toEqual(["c", "n1", "n2"]);
  });

  it("numbers positions from 1", () => {
    const positions = reviewPositions(items(), "s", "per-rater", "a");
    expect([...positions.values()].sort((x, y) => x - y)).toEqual(items().map((_, i) => i + 1));
  });
});

describe("rule", () => {
  it("names the stream per rater or shared", () => {
    expect(streamLabel("per-rater", "u1")).toBe("review-order/v1/rater:u1");
    expect(streamLabel("shared", "u1")).toBe("review-order/v1/shared");
  });
  it("reads a stored rule, null for anything else", () => {
    expect(storedReviewOrderRule({ reviewOrder: reviewOrderRule("shared") })).toEqual(reviewOrderRule("shared"));
    expect(storedReviewOrderRule({})).toBeNull();
    expect(storedReviewOrderRule(null)).toBeNull();
    expect(storedReviewOrderRule({ reviewOrder: { ...reviewOrderRule("shared"), version: 2 } })).toBeNull();
  });
});
