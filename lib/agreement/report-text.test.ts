import { describe, expect, it } from "vitest";
import { buildAgreementReport } from "./report";
import { formatAgreementReport } from "./report-text";

const ratings = [
  { item: "q1", rater: "a", category: "yes" },
  { item: "q1", rater: "b", category: "yes" },
  { item: "q2", rater: "a", category: "yes" },
  { item: "q2", rater: "b", category: "yes" },
];

describe("formatAgreementReport", () => {
  it("shows undefined values as n/a and lists the reasons", () => {
    const text = formatAgreementReport(buildAgreementReport([{ ratings, categories: ["yes", "no"] }]));
    expect(text).toMatch(/Fleiss' kappa +1\.0000 +1\.0000 +n\/a/);
    expect(text).toContain("Notes\n  Fleiss' kappa: chance agreement is 1");
    expect(text).toContain("ties (no strict plurality; left unlabelled)");
    expect(text).not.toMatch(/NaN|Infinity/);
  });

  it("names the weighted AC2, the tie category and each dimension", () => {
    const text = formatAgreementReport(
      buildAgreementReport([
        { dimension: "gold", ratings, categories: ["yes", "no", "unsure"], weights: "quadratic", tieCategory: "unsure" },
        { dimension: "safety", ratings, categories: ["yes", "no"] },
      ]),
    );
    expect(text).toContain("Gwet's AC2");
    expect(text).toContain("counted as unsure");
    expect(text.indexOf("Dimension: gold")).toBeLessThan(text.indexOf("Dimension: safety"));
  });
});
