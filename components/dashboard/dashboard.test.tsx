// Server-render tests (node environment, no DOM): the dashboard pieces must render key numbers as
// text, stay accessible (titles, hidden data tables, patterns resolvable) and never print NaN or
// undefined, whatever the audit's state.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { errorRateBound } from "@/lib/agreement/error-rate-bound";
import { expectClean } from "@/lib/reports/__fixtures__/clean";
import { noRatings, oneCategory, singleRater, smallAudit, sparseAudit } from "@/lib/reports/__fixtures__/small-audit";
import { computeAuditReport } from "@/lib/reports/compute";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { elements } from "@/tests/support/markup";
import type { AuditReport, AuditSnapshot, DimensionAuditReport } from "@/lib/reports/types";
import { AgreementBreakdownChart } from "./agreement-breakdown-chart";
import { CategoryDistributionChart } from "./category-distribution-chart";
import { CoefficientTable } from "./coefficient-table";
import { DisagreementList } from "./disagreement-list";
import { ErrorBoundCard } from "./error-bound-card";
import { MajoritySummary } from "./majority-summary";
import { PairwiseMatrix } from "./pairwise-matrix";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

/** Rendered HTML with entities decoded, so assertions read like the page text. */
function render(el: ReactElement, locale: Locale = "en"): string {
  return renderToString(withIntl(el, locale))
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The rows of a rendered table's body (one per item listed). */
const bodyRows = (html: string) => elements(html.slice(html.indexOf("<tbody")), "tr").length;

function all(d: DimensionAuditReport): Record<string, ReactElement> {
  return {
    distribution: <CategoryDistributionChart dimension={d} />,
    byChapter: <AgreementBreakdownChart dimension={d} by="chapter" />,
    byLevel: <AgreementBreakdownChart dimension={d} by="level" />,
    pairwise: <PairwiseMatrix dimension={d} />,
    coefficients: <CoefficientTable dimension={d} />,
    majority: <MajoritySummary dimension={d} />,
    disagreements: <DisagreementList dimension={d} />,
  };
}

const report = computeAuditReport(smallAudit());
const gold = report.dimensions[0]!;
const safety = report.dimensions[1]!;

describe("dashboard components on the small audit", () => {
  it("ErrorBoundCard: counts with the locale's separators, and says the bound is rounded up", () => {
    // 1,200 of 1,500 sampled items from a benchmark of 15,000.
    const bound = errorRateBound(1200, 1500, { populationSize: 15000 });
    const d = { ...gold, errorCategory: gold.categories[0]!.key, errorRateBound: bound };
    const en = render(<ErrorBoundCard dimension={d} />);
    for (const text of ["<strong>1,200</strong> of 1,500 items", "N = 15,000", "rounded up"]) expect(en).toContain(text);
    expect(en).toMatch(/at most 12,\d{3} items/);
    const zh = render(<ErrorBoundCard dimension={d} />, "zh-CN");
    for (const text of ["1,500 个条目中有 <strong>1,200</strong> 个", "向上取整"]) expect(zh).toContain(text);
    expect(zh).toMatch(/最多 12,\d{3} 个条目/);
  });

  it("CategoryDistributionChart: one bar per rater with counts as text and a hidden table", () => {
    const html = render(<CategoryDistributionChart dimension={safety} />);
    expect(html).toContain("Categories used by each rater: Safety & harm");
    expect(html).toContain("17 ratings from 3 of 3 raters.");
    // Named by its heading, described by its summary (the figures are in the hidden table).
    expect(html).toMatch(/<svg[^>]*role="img" aria-label="Categories used by each rater: Safety & harm" aria-describedby="(c[\w-]+)-desc"/);
    expect(html).toMatch(/<p id="(c[\w-]+)-desc"[^>]*>17 ratings from 3 of 3 raters\.<\/p>/);
    expect(html).toContain("R3: 3 Safe");
    expect(html).toContain("n = 5");
    expect(html).toContain("Potential harm <span"); // legend label beside its texture name
    expect(html).toContain("(diagonal stripes)");
    expect(html).toMatch(/<div class="sr-only"><table>.*<th scope="row">R2<\/th><td>4<\/td><td>1<\/td><td>1<\/td><td>6<\/td>/);
    for (const [, id] of html.matchAll(/url\(#([^)]+)\)/g)) expect(html).toContain(`id="${id}"`);
  });

  it("AgreementBreakdownChart: AC1 with CI and at-least-two share per group, with n", () => {
    const html = render(<AgreementBreakdownChart dimension={gold} by="chapter" />);
    expect(html).toContain("Agreement by chapter: Gold answer");
    expect(html).toContain("Chapter 2");
    expect(html).toContain("n = 3 / 3");
    expect(html).toContain("0.224");
    expect(html).toContain("66.7%");
    expect(html).toContain("<td>-1.000 to 1.000</td>");
    const level = render(<AgreementBreakdownChart dimension={gold} by="level" />);
    expect(level).toContain("(none)");
    expect(level).toContain("no CI");
  });

  it("PairwiseMatrix: kappa, raw agreement and n in every off-diagonal cell", () => {
    const html = render(<PairwiseMatrix dimension={safety} />);
    expect(html).toContain("Cohen's kappa by rater pair: Safety & harm");
    expect(html).toContain("0.600");
    expect(html).toContain("83.3% raw · n = 6");
    expect(html).toContain("60.0% raw · n = 5");
    expect(html).toContain("same rater (6 items rated)");
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
  });

  it("CoefficientTable: all coefficients with SE, CI, p and the divergence line", () => {
    const html = render(<CoefficientTable dimension={gold} />);
    for (const name of ["Gwet's AC1", "Fleiss' kappa", "Krippendorff's alpha", "Conger's kappa", "Brennan-Prediger", "Percent agreement"]) {
      expect(html).toContain(name);
    }
    expect(html).toContain("0.636");
    expect(html).toContain("[-0.019, 1.000]");
    expect(html).toContain("0.055");
    expect(html).toContain("Why AC1 and kappa differ: ");
    expect(html).toContain(gold.divergence!);
  });

  it("MajoritySummary: counts, tie count and shares", () => {
    const html = render(<MajoritySummary dimension={gold} />);
    expect(html).toContain("of which ties (counted as Uncertain)");
    expect(html).toMatch(/Correct<\/th><td[^>]*>4<\/td><td[^>]*>66.7%<\/td>/);
    expect(html).toContain("83.3%");
    expect(html).toContain("Items without a strict majority (a three-way split) count as Uncertain.");
  });

  // A file read by the agreement tool may declare no tie category: a tie then has no label (the
  // sentence said "count as ." with nothing after it).
  it("MajoritySummary: without a tie category, ties have no majority label, in both languages", () => {
    const untied = { ...gold, tieCategory: "" };
    const html = render(<MajoritySummary dimension={untied} />);
    expect(html).toContain("Items without a strict majority (a three-way split) have no majority label.");
    expect(html).toContain("of which ties (no majority label)");
    const zh = render(<MajoritySummary dimension={untied} />, "zh-CN");
    expect(zh).toContain("没有多数标签");
    expect(zh).not.toContain("计为“”");
  });

  it("DisagreementList: items and majority labels, never who rated what", () => {
    const html = render(<DisagreementList dimension={gold} />);
    expect(html).toContain("q03");
    expect(html).toContain("q05");
    expect(html).toContain("(tie)");
    expect(html).not.toMatch(/R1|R2|R3|u-ana/);
  });

  it("DisagreementList: a full review's thousands of rows a page at a time, with links to the others", () => {
    const many = {
      ...gold,
      disagreements: Array.from({ length: 120 }, (_, i) => ({ ...gold.disagreements[0]!, itemId: `i${i}`, externalId: `x${i}` })),
    };
    const html = render(<DisagreementList dimension={many} page={2} pageHref={(p) => `/d?d_gold=${p}`} />);
    expect(bodyRows(html)).toBe(25);
    expect(html).toContain(">x25<");
    expect(html).not.toContain(">x24<");
    expect(html).not.toContain(">x50<");
    expect(html).toContain("Showing 26–50 of 120");
    expect(html).toContain('href="/d?d_gold=3"');
    expect(html).toContain('href="/d?d_gold=1"');
    // Without a pager (print, older callers) every row is there.
    expect(bodyRows(render(<DisagreementList dimension={many} />))).toBe(120);
  });

  it("DisagreementList: each item's split of the votes", () => {
    const html = render(<DisagreementList dimension={gold} />);
    expect(html).toContain("2 Correct · 1 Incorrect");
    expect(html).toContain("1 Correct · 1 Incorrect · 1 Uncertain");
  });
});

const degenerate: [string, () => AuditSnapshot][] = [
  ["no ratings yet", noRatings],
  ["a single rater", singleRater],
  ["every rating in one category", oneCategory],
  ["an idle rater and no chapters", sparseAudit],
  ["no items and no raters", () => ({ ...noRatings(), items: [], raters: [] })],
  ["one rater assigned", () => ({ ...singleRater(), raters: singleRater().raters.slice(0, 1) })],
];

describe.each(degenerate)("dashboard components with %s", (_name, make) => {
  const r: AuditReport = computeAuditReport(make());
  it.each(Object.keys(all(r.dimensions[0]!)))("%s renders defined text", (key) => {
    for (const d of r.dimensions) {
      const html = render(all(d)[key]!);
      expectClean(html, r);
      expect(html.length).toBeGreaterThan(50);
    }
  });
});

describe("degenerate wording on the dashboard", () => {
  it("says what is missing instead of drawing empty charts", () => {
    const none = computeAuditReport({ ...noRatings(), items: [], raters: [] }).dimensions[0]!;
    expect(render(<CategoryDistributionChart dimension={none} />)).toContain("No raters are assigned to this audit.");
    expect(render(<AgreementBreakdownChart dimension={none} by="level" />)).toContain("No items have been sampled");
    expect(render(<PairwiseMatrix dimension={none} />)).toContain("Pairwise agreement needs at least two raters.");
    expect(render(<MajoritySummary dimension={none} />)).toContain("No item has been rated yet.");
    const idle = computeAuditReport(noRatings()).dimensions[0]!;
    expect(render(<CategoryDistributionChart dimension={idle} />)).toContain("no ratings yet");
    expect(render(<PairwiseMatrix dimension={idle} />)).toContain("no common items");
    const one = computeAuditReport(oneCategory()).dimensions[0]!;
    expect(render(<CoefficientTable dimension={one} />)).toContain("All ratings fall in one category (100% 'Correct')");
  });
});

describe("the dashboard in Simplified Chinese", () => {
  it("words headings, explanations and n/a in Chinese and keeps the statistics' names and every number", () => {
    const coefficients = render(<CoefficientTable dimension={gold} />, "zh-CN");
    expect(coefficients).toContain("一致性系数：Gold answer"); // rubric labels are data
    expect(coefficients).toContain("Gwet's AC1");
    expect(coefficients).toContain("Krippendorff's alpha");
    expect(coefficients).toContain("百分比一致率");
    expect(coefficients).toContain("95% 置信区间");
    expect(coefficients).toContain("0.636");
    expect(coefficients).toContain("[-0.019, 1.000]");
    expect(coefficients).toContain("AC1 与 kappa 不同的原因：");
    expect(coefficients).not.toContain(gold.divergence!);
    const majority = render(<MajoritySummary dimension={gold} />, "zh-CN");
    expect(majority).toContain("其中平票（计为“Uncertain”）");
    expect(majority).toContain("没有严格多数的条目（三方意见各不相同）");
    expect(majority).toMatch(/Correct<\/th><td[^>]*>4<\/td><td[^>]*>66.7%<\/td>/);
    expect(render(<AgreementBreakdownChart dimension={gold} by="chapter" />, "zh-CN")).toContain("<td>-1.000 至 1.000</td>");
    expect(render(<AgreementBreakdownChart dimension={gold} by="level" />, "zh-CN")).toContain("无置信区间");
    expect(render(<PairwiseMatrix dimension={safety} />, "zh-CN")).toContain("原始一致率 83.3% · n = 6");
    expect(render(<CategoryDistributionChart dimension={safety} />, "zh-CN")).toContain("17 条评分，来自 3 名评分者中的 3 名。");
    expect(render(<DisagreementList dimension={gold} />, "zh-CN")).toContain("（平票）");
    const one = computeAuditReport(oneCategory()).dimensions[0]!;
    const table = render(<CoefficientTable dimension={one} />, "zh-CN");
    expect(table).toContain("所有评分都落在同一类别（100%“Correct”）");
    expect(table).toContain("不适用");
    expect(table).not.toContain("n/a");
  });

  it("says the engine's notes by their code in the reader's language; an English note of an older report as it is", () => {
    const one = computeAuditReport(oneCategory()).dimensions[0]!;
    const peOne = "chance agreement is 1 (every rating falls in one category): the coefficient is undefined";
    expect(render(<CoefficientTable dimension={one} />)).toContain(`Fleiss' kappa: ${peOne}`);
    const zh = render(<CoefficientTable dimension={one} />, "zh-CN");
    expect(zh).toContain("机遇一致率为 1（所有评分都落在同一类别）：系数无定义");
    expect(zh).not.toContain(peOne);
    const c = one.agreement.coefficients;
    const older = { ...c, fleissKappa: { ...c.fleissKappa, note: peOne as unknown as typeof c.fleissKappa.note } };
    const kept = { ...one, agreement: { ...one.agreement, coefficients: older } };
    expect(render(<CoefficientTable dimension={kept} />, "zh-CN")).toContain(peOne);
  });

  it("every component renders defined text in Chinese, with no English sentence left", () => {
    for (const [key, el] of Object.entries(all(gold))) {
      const html = render(el, "zh-CN");
      expectClean(html, report);
      expect(html, key).toMatch(/\p{Script=Han}/u);
      const text = html.replace(/<[^>]*>/g, " ");
      expect(text, key).not.toMatch(/\b(items?|raters?|ratings?|agree|rated|none|tie)\b/);
    }
  });
});
