// Server-render tests of each rater's quality: the intervals, right-aligned numbers, the note that a
// wide interval is no verdict on a person, both languages, and nothing printed as NaN.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { driftAudit } from "@/lib/reports/__fixtures__/drift-audit";
import { noRatings, smallAudit } from "@/lib/reports/__fixtures__/small-audit";
import { computeAuditReport } from "@/lib/reports/compute";
import type { Locale } from "@/lib/i18n/locales";
import type { AuditSnapshot } from "@/lib/reports/types";
import { withIntl } from "@/tests/support/intl";
import { elements } from "@/tests/support/markup";
import { RaterQualityTable } from "./rater-quality-table";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

const html = (el: ReactElement, locale: Locale = "en") =>
  renderToString(withIntl(el, locale))
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");

function table(s: AuditSnapshot, key: string, locale: Locale = "en") {
  const report = computeAuditReport(s);
  const q = report.raterQuality!;
  const d = report.dimensions.find((x) => x.key === key)!;
  return html(
    <RaterQualityTable
      label={d.label}
      dimension={q.dimensions.find((x) => x.key === key)!}
      method={q.method}
      time={q.time}
      pairwise={d.pairwise}
    />,
    locale,
  );
}

describe("each rater's quality on the dashboard", () => {
  it("shows each share with its counts and interval, kappa per other rater and the median time", () => {
    const shown = table(driftAudit({ items: 120, flipShare: 0.4 }), "gold");
    expect(shown).toContain("Each rater's quality: Gold answer");
    expect(shown).toMatch(/1,000 resamples, seed clinaudit-2025/);
    expect(shown).toMatch(/R3<\/th>/);
    expect(shown).toMatch(/\d+\.\d% \(\d+\/\d+\)/);
    expect(shown).toMatch(/\d+\.\d% to \d+\.\d%/);
    expect(shown).toMatch(/R1: 0\.\d\d/);
    expect(shown).toMatch(/\d+ s to \d+ s|\d\.\d min to \d\.\d min/);
    // The numbers are right-aligned: every cell but the rater's name.
    const cells = elements(shown, "td");
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((td) => td.classes.includes("text-right"))).toBe(true);
    expect(shown).toContain("it is not a verdict on a rater");
    expect(shown).not.toMatch(/NaN|undefined|null/);
  });

  it("writes a full review's counts with thousands separators, in both languages", () => {
    const report = computeAuditReport(driftAudit({ items: 60, flipShare: 0.4 }));
    const q = report.raterQuality!;
    const d = report.dimensions.find((x) => x.key === "gold")!;
    const dimension = q.dimensions.find((x) => x.key === "gold")!;
    const big = { ...dimension, raters: dimension.raters.map((r) => ({ ...r, agreeing: 3322, compared: 4271 })) };
    for (const locale of ["en", "zh-CN"] as const) {
      const shown = html(
        <RaterQualityTable label={d.label} dimension={big} method={q.method} time={q.time} pairwise={d.pairwise} />,
        locale,
      );
      expect(shown).toContain("(3,322/4,271)");
      expect(shown).not.toMatch(/3322|4271/);
    }
  });

  it("leaves out the uncertain column where the dimension has no uncertain category", () => {
    const shown = table(smallAudit(), "safety");
    expect(shown).not.toContain(">Uncertain<");
    expect(table(smallAudit(), "gold")).toContain(">Uncertain<");
  });

  it("says 'no interval' before anyone rated, and reads in Chinese", () => {
    const empty = table(noRatings(), "gold");
    expect(empty).toContain("no interval");
    expect(empty).not.toMatch(/NaN|undefined/);
    const zh = table(smallAudit(), "gold", "zh-CN");
    expect(zh).toContain("每位评审者的质量");
    expect(zh).toContain("并不是对评审者的评判");
  });
});
