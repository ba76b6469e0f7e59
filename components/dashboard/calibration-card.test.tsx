// Server-render tests of the calibration card: the sentence in the reader's language, one row per
// rater and round with the round that counts marked, right-aligned numbers, nothing printed as NaN.
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { calibratedAudit } from "@/lib/reports/__fixtures__/calibrated-audit";
import { computeAuditReport } from "@/lib/reports/compute";
import { calibrationSentence } from "@/lib/reports/calibration-sentence";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { CalibrationCard } from "./calibration-card";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

const RATERS = ["R1", "R2", "R3"];

function card(locale: Locale = "en", unfinished = false) {
  const c = computeAuditReport(calibratedAudit(unfinished)).calibration!;
  const html = renderToString(withIntl(<CalibrationCard calibration={c} raters={RATERS} />, locale))
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");
  return { c, html };
}

describe("the calibration card on the dashboard", () => {
  it("states the sentence and each rater's rounds, the one that counts marked", () => {
    const { c, html } = card();
    expect(html).toContain(calibrationSentence(c, RATERS));
    const rows = html.split("<tr").slice(2);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/R2<\/th>.*>1<.*70\.0% \(7\/10\).*0\.62.*50 s.*Not passed</);
    expect(rows[1]).not.toContain("waits for a re-calibration");
    expect(rows[2]).toMatch(/R2<\/th>.*>2<span[^>]*>counts<\/span>.*100\.0% \(10\/10\).*1\.00.*1\.3 min.*Passed/);
    expect(rows[0]).toContain("5 of 5");
    expect(html).toContain("pass rule: 80% of the questions");
    expect(html).not.toMatch(/NaN|>undefined|undefined</);
  });

  it("speaks Chinese to a Chinese reader", () => {
    const { c, html } = card("zh-CN", true);
    expect(html).toContain(calibrationSentence(c, RATERS, "zh-CN"));
    expect(html).toContain("校准轮：对照答案键的练习");
    expect(html).toContain("进行中");
    expect(html).toContain("5 个中 2 个");
    expect(html).not.toMatch(/NaN|>undefined|undefined</);
  });
});
