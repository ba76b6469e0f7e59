/** Every export of every degenerate snapshot is defined text: no NaN, Infinity or undefined. */
import { describe, expect, it } from "vitest";
import { expectClean } from "./__fixtures__/clean";
import { noRatings, oneCategory, singleRater, smallAudit, sparseAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { majorityLabelsCsv, ratingsLongCsv, ratingsWideCsv } from "./export-csv";
import { reportJson } from "./export-json";
import { reportLatex } from "./export-latex";
import { reportMarkdown } from "./export-markdown";
import { paragraph } from "./paragraph";
import type { AuditSnapshot } from "./types";

const empty = (): AuditSnapshot => ({ ...noRatings(), items: [], raters: [], audit: { ...noRatings().audit, status: "DRAFT" } });

const cases: [string, () => AuditSnapshot][] = [
  ["no ratings yet", noRatings],
  ["a single rater", singleRater],
  ["every rating in one category", oneCategory],
  ["no N, frame, strata or chapters, an idle rater", sparseAudit],
  ["a draft with no items and no raters", empty],
];

describe.each(cases)("%s", (_name, make) => {
  const snapshot = make();
  const report = computeAuditReport(snapshot);
  const exports: Record<string, string> = {
    long: ratingsLongCsv(snapshot),
    majority: majorityLabelsCsv(report),
    json: reportJson(report),
    markdown: reportMarkdown(report),
    latex: reportLatex(report),
    paragraph: paragraph(report, { adjudication: { items: 0, changedLabels: 0, removed: 0 } }),
    ...Object.fromEntries(snapshot.rubric.map((d) => [`wide-${d.key}`, ratingsWideCsv(snapshot, d.key)])),
  };

  it.each(Object.keys(exports))("%s is defined, deterministic text", (name) => {
    const text = exports[name]!;
    expectClean(text, report);
    expect(text.endsWith("\n")).toBe(true);
    expect(text).not.toContain("\r");
    const again = computeAuditReport(make());
    const rerun: Record<string, () => string> = {
      long: () => ratingsLongCsv(make()),
      majority: () => majorityLabelsCsv(again),
      json: () => reportJson(again),
      markdown: () => reportMarkdown(again),
      latex: () => reportLatex(again),
      paragraph: () => paragraph(again, { adjudication: { items: 0, changedLabels: 0, removed: 0 } }),
    };
    if (rerun[name]) expect(rerun[name]()).toBe(text);
  });
});

describe("degenerate wording", () => {
  it("says plainly that nothing is rated yet", () => {
    const text = paragraph(computeAuditReport(noRatings()));
    expect(text).toContain("The audit is still open, so all figures are provisional.");
    expect(text).toContain("Gold answer: no ratings have been recorded yet.");
    expect(reportMarkdown(computeAuditReport(noRatings()))).toContain("No item has a majority label yet: no bound can be given.");
  });

  it("does not claim agreement from a single rater", () => {
    const text = paragraph(computeAuditReport(singleRater()));
    expect(text).toContain(
      "were assigned to rate the items independently on two rubric dimensions (Gold answer and Safety & harm); so far R1 has rated.",
    );
    expect(text).toContain("No item has two or more ratings, so agreement cannot be assessed yet.");
    expect(text).not.toContain("AC1 was");
  });

  it("explains kappa-type coefficients that are not defined when one category takes every rating", () => {
    const report = computeAuditReport(oneCategory());
    expect(paragraph(report)).toContain(
      "Gwet's AC1 was 1.000 (95% CI 1.000 to 1.000); Fleiss' kappa and Krippendorff's alpha are not defined because every rating fell in one category, which makes kappa-type chance agreement 1.",
    );
    expect(report.dimensions[0]!.divergence).toBe(
      "All ratings fall in one category (100% 'Correct'); Fleiss' kappa and Krippendorff's alpha are not defined because their chance agreement is 1, while AC1 is 1.000.",
    );
  });

  it("handles an audit with nothing sampled", () => {
    expect(paragraph(computeAuditReport(empty()))).toBe(
      "No items have been sampled from MedBench v2 yet (planned sample: 6 items). No raters have been assigned yet. " +
        "The audit is a draft, so all figures are provisional. Gold answer: no ratings have been recorded yet. " +
        "Safety & harm: no ratings have been recorded yet.\n",
    );
    // Keeps the header row so a spreadsheet still opens with the columns named.
    expect(ratingsWideCsv(empty(), "gold")).toBe("item\n");
    expect(computeAuditReport(smallAudit()).dimensions[0]!.byChapter.length).toBe(2);
  });
});
