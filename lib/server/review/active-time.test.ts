import { describe, expect, it } from "vitest";
import { MAX_REPORT_MS } from "../../schemas/review";
import { creditedMs, REPORT_SLACK_MS } from "./active-time";

describe("creditedMs", () => {
  const now = new Date("2026-12-01T10:00:00Z");
  it("credits up to the wall time since the previous report plus slack", () => {
    expect(creditedMs(15_000, now, new Date(+now - 15_000))).toBe(15_000);
    expect(creditedMs(60_000, now, new Date(+now - 15_000))).toBe(15_000 + REPORT_SLACK_MS);
    expect(creditedMs(60_000, now, now)).toBe(REPORT_SLACK_MS);
  });
  it("caps a first report and any report at MAX_REPORT_MS", () => {
    expect(creditedMs(10 * MAX_REPORT_MS, now, null)).toBe(MAX_REPORT_MS);
    expect(creditedMs(10 * MAX_REPORT_MS, now, new Date(+now - 3_600_000))).toBe(MAX_REPORT_MS);
  });
  it("never credits negative time, even with a previous report in the future", () => {
    expect(creditedMs(-5, now, null)).toBe(0);
    expect(creditedMs(10_000, now, new Date(+now + 60_000))).toBe(REPORT_SLACK_MS);
  });
});
