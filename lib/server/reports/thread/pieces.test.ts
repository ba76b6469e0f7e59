import { describe, expect, it } from "vitest";
import type { ShownReport } from "../../../reports/types";
import { fromPieces, inPieces } from "./pieces";
import type { HeadAndReport } from "./protocol";

const dimension = (key: string) => ({
  key,
  kappa: Number.NaN,
  bound: Number.POSITIVE_INFINITY,
  note: undefined,
});
const value = {
  head: { audit: { id: "a", name: "审计" }, rubric: [], raters: [], itemCount: 1 },
  report: {
    reportVersion: 1,
    audit: { name: "审计" },
    dimensions: ["gold", "question", "evidence"].map(dimension),
    raterQuality: { at: new Date(0) },
  },
  items: {
    itemIds: ["i1", "i2"],
    majorities: new Map([["gold", Int16Array.from([0, -1])]]),
    errorPosteriors: new Map([["gold", Float64Array.from([0.25, Number.NaN])]]),
  },
} as unknown as HeadAndReport;

describe("the report in pieces", () => {
  it("comes back equal, in its own key order, NaN, infinities, undefined and dates kept", async () => {
    const back = await fromPieces(inPieces(value));
    expect(back).toEqual(value);
    expect(Object.keys(back.report)).toEqual(Object.keys(value.report));
    const d = back.report.dimensions[0] as unknown as ReturnType<typeof dimension>;
    expect([Number.isNaN(d.kappa), d.bound, "note" in d]).toEqual([true, Number.POSITIVE_INFINITY, true]);
    expect((back.report as ShownReport & { raterQuality: { at: Date } }).raterQuality.at).toBeInstanceOf(Date);
    // The items' typed arrays come back typed, NaN kept.
    expect(back.items.majorities.get("gold")).toEqual(Int16Array.from([0, -1]));
    expect(Number.isNaN(back.items.errorPosteriors.get("gold")![1])).toBe(true);
  });

  it("is taken one piece per turn of the event loop: other work runs between its pieces", async () => {
    let turns = 0;
    let done = false;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    await fromPieces(inPieces(value));
    done = true;
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
