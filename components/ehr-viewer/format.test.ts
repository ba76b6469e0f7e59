import { describe, expect, it } from "vitest";
import {
  dateKeyOf,
  flagInfo,
  formatDay,
  formatMeasurement,
  formatRange,
  formatShortDay,
  formatTime,
  formatValue,
  gaParts,
  measurementText,
  recordDateLocale,
} from "./format";
import type { ViewerMeasurement } from "./types";

const m = (over: Partial<ViewerMeasurement>): ViewerMeasurement => ({
  name: "x",
  value: null,
  unit: null,
  refLow: null,
  refHigh: null,
  flag: null,
  ...over,
});

describe("gaParts", () => {
  it("splits into completed weeks + days", () => {
    expect(gaParts(228)).toEqual({ weeks: 32, days: 4 });
    expect(gaParts(224)).toEqual({ weeks: 32, days: 0 });
    expect(gaParts(0)).toEqual({ weeks: 0, days: 0 });
    expect(gaParts(6)).toEqual({ weeks: 0, days: 6 });
    expect(gaParts(280.9)).toEqual({ weeks: 40, days: 0 });
  });
  it("is null for missing or invalid values", () => {
    expect(gaParts(null)).toBeNull();
    expect(gaParts(undefined)).toBeNull();
    expect(gaParts(-1)).toBeNull();
    expect(gaParts(Number.NaN)).toBeNull();
  });
});

describe("dates and times", () => {
  it("takes the calendar day as written, whatever the time zone", () => {
    expect(dateKeyOf("2031-08-18T23:59:00")).toBe("2031-08-18");
    expect(dateKeyOf("2031-08-18T00:00:00+08:00")).toBe("2031-08-18");
    expect(dateKeyOf("2031-08-18")).toBe("2031-08-18");
    expect(dateKeyOf("garbage")).toBe("unknown");
  });
  it("formats a day heading without commas in en-GB", () => {
    expect(formatDay("2031-08-18")).toBe("Mon 18 Aug 2031");
    expect(formatDay("2031-08-18", "en-GB")).toBe("Mon 18 Aug 2031");
    expect(formatShortDay("2031-08-18", "en-GB")).toBe("18 Aug 2031");
  });
  it("writes English record dates day-month-year, other languages in their own order", () => {
    expect(recordDateLocale("en")).toBe("en-GB");
    expect(recordDateLocale("zh-CN")).toBe("zh-CN");
    expect(formatShortDay("2031-08-18", recordDateLocale("zh-CN"))).toBe("2031/8/18");
    expect(formatDay("2031-08-18", recordDateLocale("zh-CN"))).toBe("2031年8月18日周一");
  });
  it("is locale-aware", () => {
    expect(formatDay("2031-08-18", "zh-CN")).toContain("2031");
    expect(formatDay("2031-08-18", "zh-CN")).toContain("8月18日");
    expect(formatDay("2031-08-18", "en-US")).toMatch(/Aug 18/);
  });
  it("falls back instead of throwing on a bad locale or date", () => {
    expect(formatDay("2031-08-18", "not a locale!!")).toBe("Mon 18 Aug 2031");
    expect(formatDay("nope")).toBe("nope");
  });
  it("formats time of day in 24 hours", () => {
    expect(formatTime("2031-08-18T10:02:00")).toBe("10:02");
    expect(formatTime("2031-08-18T23:05:59", "en-US")).toBe("23:05");
    expect(formatTime("2031-08-18T00:00:00", "zh-CN")).toBe("00:00");
    expect(formatTime("2031-08-18")).toBe("");
  });
});

describe("measurements", () => {
  it("renders reference ranges for both, high-only and low-only", () => {
    expect(formatRange(3.5, 5)).toBe("3.5–5");
    expect(formatRange(null, 10)).toBe("≤ 10");
    expect(formatRange(15, null)).toBe("≥ 15");
    expect(formatRange(null, null)).toBeNull();
    expect(formatRange(0, 0.5)).toBe("0–0.5");
    expect(formatRange(Number.NaN, 4)).toBe("≤ 4");
  });
  it("keeps value precision as written and adds the unit", () => {
    expect(formatValue({ value: 23.4, unit: "µmol/L" })).toBe("23.4 µmol/L");
    expect(formatValue({ value: "128/82", unit: "mmHg" })).toBe("128/82 mmHg");
    expect(formatValue({ value: "Negative", unit: null })).toBe("Negative");
    expect(formatValue({ value: 0, unit: "g" })).toBe("0 g");
    expect(formatValue({ value: null, unit: "g" })).toBeNull();
    expect(formatValue({ value: "", unit: null })).toBeNull();
  });
  it("formats a full line like the brief's example", () => {
    expect(measurementText(m({ value: 23.4, unit: "µmol/L", refHigh: 10, flag: "H" }))).toBe("23.4 µmol/L (≤ 10) H ▲");
    expect(measurementText(m({ value: 95, unit: "g/L", refLow: 110, refHigh: 150, flag: "L" }))).toBe("95 g/L (110–150) L ▼");
    expect(measurementText(m({ value: 4.6, unit: "mmol/L", refLow: 3.9, refHigh: 5.1, flag: "N" }))).toBe("4.6 mmol/L (3.9–5.1)");
  });
  it("drops the normal flag from display but keeps others", () => {
    expect(formatMeasurement(m({ value: 1, flag: "N" })).flag).toBeNull();
    expect(formatMeasurement(m({ value: 1, flag: "HH" })).flag?.critical).toBe(true);
  });
  it("never derives a flag the record did not carry", () => {
    expect(formatMeasurement(m({ value: 99, refHigh: 10 })).flag).toBeNull();
  });
});

describe("flagInfo", () => {
  it("maps coded flags to direction, criticality and glyph", () => {
    expect(flagInfo("H")).toMatchObject({ label: "H", direction: "high", critical: false, symbol: "▲", code: "H" });
    expect(flagInfo("l")).toMatchObject({ label: "L", direction: "low", symbol: "▼" });
    expect(flagInfo("HH")).toMatchObject({ direction: "high", critical: true, symbol: "▲▲" });
    expect(flagInfo("LL")).toMatchObject({ direction: "low", critical: true });
    expect(flagInfo("A")).toMatchObject({ direction: "abnormal", code: "A" });
    expect(flagInfo("N")).toMatchObject({ direction: "normal", symbol: "" });
    expect(flagInfo("constructor")).toMatchObject({ label: "constructor", code: null });
  });
  it("understands common words in English and Chinese, keeping the text as written", () => {
    expect(flagInfo("High")).toMatchObject({ label: "High", direction: "high", code: "H" });
    expect(flagInfo("critical low")).toMatchObject({ direction: "low", critical: true, code: "LL" });
    expect(flagInfo("阳性")).toMatchObject({ label: "阳性", direction: "abnormal", code: "A" });
    expect(flagInfo("偏低")).toMatchObject({ direction: "low", code: "L" });
  });
  it("treats other free text as abnormal and shows it verbatim", () => {
    expect(flagInfo("see comment")).toMatchObject({ label: "see comment", direction: "abnormal", code: null });
  });
  it("returns null for empty flags", () => {
    expect(flagInfo(null)).toBeNull();
    expect(flagInfo("  ")).toBeNull();
  });
});
