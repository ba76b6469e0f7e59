// Server-render tests of agreement over time: the prompt appears for a drifting audit and not for a
// steady one, windows too small or without disagreement say so in words, and nothing prints NaN.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { driftAudit } from "@/lib/reports/__fixtures__/drift-audit";
import { computeAuditReport } from "@/lib/reports/compute";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { AgreementOverTimeChart } from "./agreement-over-time-chart";
import { DriftPrompt } from "./drift-prompt";
import { RaterFatigueTable } from "./rater-fatigue-table";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

const html = (el: ReactElement, locale: Locale = "en") => renderToString(withIntl(el, locale)).replace(/<!-- -->/g, "");
const labels = new Map([["gold", "Gold answer"]]);
const prompt = (flipShare: number, locale: Locale = "en") =>
  html(
    <DriftPrompt overTime={computeAuditReport(driftAudit({ flipShare })).agreementOverTime!} labels={labels} href={(k) => `#${k}`} />,
    locale,
  );

describe("agreement over time on the dashboard", () => {
  it("prompts for the audit whose third rater drifts, calmly and without a button, and not for a steady one", () => {
    const shown = prompt(0.4);
    expect(shown).toContain("Agreement has fallen in the latest ratings");
    expect(shown).toMatch(/Gold answer<\/a>: the latest window&#x27;s AC1 is 0\.529, against 0\.697 for the whole audit \(24\.0% lower\)/);
    expect(shown).not.toMatch(/<button/);
    expect(prompt(0.4, "zh-CN")).toContain("最近评分的一致性有所下降");
    expect(prompt(0)).toBe("");
  });

  it("offers an organizer the re-calibration round, and nobody else", () => {
    const overTime = computeAuditReport(driftAudit({ flipShare: 0.4 })).agreementOverTime!;
    const offered = (recalibrateHref: string | null, locale: Locale = "en") =>
      html(<DriftPrompt overTime={overTime} labels={labels} href={(k) => `#${k}`} recalibrateHref={recalibrateHref} />, locale);
    expect(offered("/audits/a1#calibration")).toMatch(/<a href="\/audits\/a1#calibration"[^>]*>Start a re-calibration round<\/a>/);
    expect(offered("/audits/a1#calibration", "zh-CN")).toContain("开始重新校准轮");
    expect(offered(null)).not.toContain("re-calibration");
  });

  it("draws each window with its numbers in a table, small windows and total agreement in words", () => {
    const s = driftAudit({ items: 60, flipShare: 0.4 });
    for (const r of s.ratings) if (Number(r.itemId.slice(1)) >= 50) r.category = "correct";
    s.audit.guidelineEdits = ["2026-11-02T09:25:00.000Z"];
    const o = computeAuditReport(s).agreementOverTime!.dimensions[0]!;
    const chart = html(<AgreementOverTimeChart label="Gold answer" overTime={o} confidenceLevel={0.95} />);
    expect(chart).toContain("Agreement over time: Gold answer");
    expect(chart).toContain("total agreement");
    expect(chart).toContain("guidelines edited");
    expect(chart).toMatch(/after window 2/);
    expect(chart).toMatch(/<table>/);
    expect(chart).not.toMatch(/NaN|undefined/);
    const few = computeAuditReport(driftAudit({ items: 12 })).agreementOverTime!.dimensions[0]!;
    expect(html(<AgreementOverTimeChart label="Gold" overTime={few} confidenceLevel={0.95} />, "zh-CN")).toContain("条目太少，无法判断");
    const table = html(<RaterFatigueTable label="Gold answer" overTime={o} />);
    expect(table).toMatch(/R3/);
    expect(table).toMatch(/1–10 · /);
    expect(table).not.toMatch(/NaN|undefined/);
  });

  it("writes a full review's counts and queue positions with thousands separators, in both languages", () => {
    const o = computeAuditReport(driftAudit({ items: 60, flipShare: 0.4 })).agreementOverTime!.dimensions[0]!;
    const big = {
      ...o,
      raters: o.raters.map((r) => ({
        ...r,
        windows: r.windows.map((w, i) => ({
          ...w,
          agreeing: 3322,
          compared: 4271,
          fromPosition: 1001 + i * 250,
          toPosition: 1250 + i * 250,
        })),
      })),
    };
    for (const locale of ["en", "zh-CN"] as const) {
      const table = html(<RaterFatigueTable label="Gold answer" overTime={big} />, locale);
      expect(table).toContain("(3,322/4,271)");
      expect(table).toContain("1,001–1,250");
      expect(table).not.toMatch(/3322|4271|1001/);
    }
  });
});
