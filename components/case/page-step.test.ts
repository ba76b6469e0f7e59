import { describe, expect, it } from "vitest";
import { casePageStep, PAGE_OVERLAP, TOP_MARGIN } from "./page-step";

describe("casePageStep", () => {
  const blocks = (...b: [number, number][]) => b;
  const base = { scrollTop: 0, clientHeight: 700, scrollHeight: 2000, pinnedHeight: 300, direction: 1 as const };
  it("moves by the height shown above the pinned bar, less an overlap", () => {
    expect(casePageStep(base)).toBe(400 - PAGE_OVERLAP);
    expect(casePageStep({ ...base, scrollTop: 500, direction: -1 })).toBe(500 - (400 - PAGE_OVERLAP));
  });
  it("never past either end", () => {
    expect(casePageStep({ ...base, scrollTop: 1250 })).toBe(1300);
    expect(casePageStep({ ...base, scrollTop: 100, direction: -1 })).toBe(0);
  });
  it("still moves when the bar leaves almost nothing above it", () => {
    expect(casePageStep({ ...base, pinnedHeight: 690 })).toBe(10);
    expect(casePageStep({ ...base, pinnedHeight: 0 })).toBe(700 - PAGE_OVERLAP);
  });
  it("brings an option the bar cuts to the top whole, instead of paging past its first half", () => {
    // The bar's edge is at 400; an option from 340 to 420 straddles it (a plain page would start at 360).
    expect(casePageStep({ ...base, blocks: blocks([300, 340], [340, 420], [420, 460]) })).toBe(340 - TOP_MARGIN);
    // Blocks wholly above or below the edge change nothing; nor does one already at the top (no progress).
    expect(casePageStep({ ...base, blocks: blocks([0, 100], [500, 560]) })).toBe(360);
    expect(casePageStep({ ...base, blocks: blocks([4, 900]) })).toBe(360);
  });
  it("PgUp brings an option the column's top cuts down whole, just above the bar", () => {
    // At 1000 the top edge cuts an option from 960 to 1100; a plain page back would start at 640
    // and show it only to 1040, the bar's edge: the option would be read in two halves.
    const up = { ...base, scrollTop: 1000, direction: -1 as const };
    expect(casePageStep({ ...up, blocks: blocks([900, 960], [960, 1100], [1100, 1200]) })).toBe(1100 + TOP_MARGIN - 400);
    // One the plain page already shows whole (960–1030, above the edge at 1040) changes nothing.
    expect(casePageStep({ ...up, blocks: blocks([960, 1030]) })).toBe(640);
    // Blocks wholly above or below the edge change nothing; nor does one too tall to move down (no progress).
    expect(casePageStep({ ...up, blocks: blocks([500, 600], [1000, 1100]) })).toBe(640);
    expect(casePageStep({ ...up, blocks: blocks([600, 1500]) })).toBe(640);
  });
});
