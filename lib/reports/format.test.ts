import { describe, expect, it } from "vitest";
import { fixed, joinList, levelPercent, numberWord, percent, percentUpper, plural, pValue, thousands } from "./format";
import { naturalCompare } from "./ordering";

describe("format", () => {
  it("fixes decimals, drops the sign of a rounded zero and writes n/a for null", () => {
    expect(fixed(0.63562)).toBe("0.636");
    expect(fixed(-0.0001)).toBe("0.000");
    expect(fixed(-0.019198)).toBe("-0.019");
    expect(fixed(null)).toBe("n/a");
    expect(fixed(Number.NaN)).toBe("n/a");
    expect(fixed(null, 3, "")).toBe("");
  });

  it("formats shares, p-values, counts and levels", () => {
    expect(percent(0.8333333333333334)).toBe("83.3%");
    expect(percent(null)).toBe("n/a");
    expect(pValue(0.0548)).toBe("0.055");
    expect(pValue(0.0004)).toBe("<0.001");
    expect(pValue(0)).toBe("<0.001");
    expect(thousands(1500)).toBe("1,500");
    expect(thousands(1234567)).toBe("1,234,567");
    expect(thousands(999)).toBe("999");
    expect(levelPercent(0.95)).toBe("95%");
    expect(levelPercent(0.975)).toBe("97.5%");
    expect(numberWord(3)).toBe("three");
    expect(numberWord(12)).toBe("12");
    expect(plural(1, "item")).toBe("1 item");
    expect(plural(2, "item")).toBe("2 items");
    expect(joinList(["a", "b", "c"])).toBe("a, b and c");
    expect(joinList([])).toBe("");
  });

  it("rounds upper bounds up, but not exact values", () => {
    expect(percentUpper(114 / 1500)).toBe("7.6%");
    expect(percentUpper(0.0761)).toBe("7.7%");
    expect(percentUpper(0.5806666666666667)).toBe("58.1%");
    expect(percentUpper(1)).toBe("100.0%");
    expect(percentUpper(0)).toBe("0.0%");
  });
});

describe("naturalCompare", () => {
  it("orders digit runs by value and null last", () => {
    const sorted = ["Chapter 10", null, "Chapter 2", "Chapter 1", "Appendix", "Chapter 02b"].sort(naturalCompare);
    expect(sorted).toEqual(["Appendix", "Chapter 1", "Chapter 2", "Chapter 02b", "Chapter 10", null]);
  });
});
