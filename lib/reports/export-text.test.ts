import { describe, expect, it } from "vitest";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { latexEscape, reportLatex } from "./export-latex";
import { mdText, reportMarkdown } from "./export-markdown";
import { adjudicationSentence, paragraph } from "./paragraph";
import type { AuditSnapshot } from "./types";

const report = computeAuditReport(smallAudit());

describe("reportMarkdown", () => {
  const md = reportMarkdown(report);

  it("has a coefficient table with pa, pe, value, SE, CI and p to 3 decimals", () => {
    expect(md).toContain(
      [
        "| Coefficient | pa | pe | Value | SE | 95% CI | p |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        "| Gwet's AC1 | 0.722 | 0.238 | 0.636 | 0.255 | [-0.019, 1.000] | 0.055 |",
        "| Fleiss' kappa | 0.722 | 0.525 | 0.416 | 0.336 | [-0.449, 1.000] | 0.271 |",
      ].join("\n"),
    );
  });

  it("has majority counts with the tie rule, shares, the bound and the breakdowns", () => {
    expect(md).toContain("| Uncertain | 1 | 16.7% |\n| *of which ties (counted as Uncertain)* | 1 | 16.7% |");
    expect(md).toContain("Items without a strict majority (a three-way split) are counted as Uncertain.");
    expect(md).toContain("| At least two raters agree | 83.3% |");
    expect(md).toContain("- hypergeometric (N = 1,500): 58.1% (at most 871 items)");
    expect(md).toContain("| R1 × R3 | 6 | 83.3% | 0.600 | [-0.231, 1.000] |");
    expect(md).toContain("| Chapter 2 | 3 | 3 | 100.0% | 100.0% | 1.000 | [1.000, 1.000] |\n| Chapter 10 |");
    expect(md).toContain("## Safety & harm");
  });

  it("escapes Markdown in audit text and ends with one newline", () => {
    expect(mdText("a|b *c* <d>\nnext")).toBe("a\\|b \\*c\\* \\<d\\> next");
    expect(md.endsWith("\n")).toBe(true);
    expect(md.endsWith("\n\n")).toBe(false);
    expect(md).not.toContain("\r");
  });
});

describe("reportLatex", () => {
  it("is a booktabs table with one row per dimension × coefficient", () => {
    const tex = reportLatex(report, { coefficients: ["gwetAc1", "fleissKappa"] });
    expect(tex).toBe(
      [
        "% ClinAudit agreement table: MedBench v2 gold-answer audit. Needs \\usepackage{booktabs}.",
        "% Gwet's AC1, Fleiss' kappa; values to 3 decimals; n/a = not defined for these data.",
        "\\begin{table}[htbp]",
        "  \\centering",
        "  \\caption{Inter-rater agreement in the audit of MedBench v2: 6 sampled items, 3 raters, 95\\% confidence intervals.}",
        "  \\label{tab:clinaudit-agreement}",
        "  \\begin{tabular}{llrrrrcr}",
        "    \\toprule",
        "    Dimension & Coefficient & $p_a$ & $p_e$ & Value & SE & 95\\% CI & $p$ \\\\",
        "    \\midrule",
        "    Gold answer & Gwet's AC1 & 0.722 & 0.238 & 0.636 & 0.255 & [$-$0.019, 1.000] & 0.055 \\\\",
        "     & Fleiss' $\\kappa$ & 0.722 & 0.525 & 0.416 & 0.336 & [$-$0.449, 1.000] & 0.271 \\\\",
        "    \\midrule",
        "    Safety \\& harm & Gwet's AC1 & 0.611 & 0.235 & 0.491 & 0.284 & [$-$0.237, 1.000] & 0.144 \\\\",
        "     & Fleiss' $\\kappa$ & 0.611 & 0.529 & 0.174 & 0.245 & [$-$0.457, 0.805] & 0.511 \\\\",
        "    \\bottomrule",
        "  \\end{tabular}",
        "\\end{table}",
        "",
        "% ClinAudit latent-class estimates (Dawid-Skene 1979): MedBench v2 gold-answer audit. n/a = item-bootstrap interval not yet computed (it is computed in the background).",
        "\\begin{table}[htbp]",
        "  \\centering",
        "  \\caption{Dawid-Skene estimates of the error rate (mean posterior, 95\\% item-bootstrap interval) and each rater's sensitivity and specificity for the error category.}",
        "  \\label{tab:clinaudit-latent-class}",
        "  \\begin{tabular}{lrclrr}",
        "    \\toprule",
        "    Dimension & Error rate & 95\\% CI & Rater & Sensitivity & Specificity \\\\",
        "    \\midrule",
        "    Gold answer & 16.7\\% & n/a & R1 & 1.000 & 1.000 \\\\",
        "     &  &  & R2 & 1.000 & 0.600 \\\\",
        "     &  &  & R3 & 1.000 & 1.000 \\\\",
        "    \\bottomrule",
        "  \\end{tabular}",
        "\\end{table}",
        "",
      ].join("\n"),
    );
    // Header + 2 × 6 coefficient rows; the latent-class table: header + one row per rater.
    expect(reportLatex(report).match(/\\\\$/gm)).toHaveLength(1 + 2 * 6 + 1 + 3);
  });

  it("escapes LaTeX special characters", () => {
    expect(latexEscape("50% of A&B_c #1 $x {y} ~ ^ \\ <>")).toBe(
      "50\\% of A\\&B\\_c \\#1 \\$x \\{y\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\textless{}\\textgreater{}",
    );
  });
});

describe("paragraph", () => {
  it("fills the appendix paragraph from the data", () => {
    expect(paragraph(report)).toBe(
      "We audited a random sample of 6 items from MedBench v2 (N = 1,500 items), drawn with the fixed seed “clinaudit-2025” " +
        "from all 1,500 questions of MedBench v2 and stratified by chapter and level. Three clinicians (R1, R2 and R3) rated the " +
        "items independently on two rubric dimensions (Gold answer and Safety & harm). Gold answer: by majority vote the 6 rated " +
        "items were labelled 4 “Correct”, 1 “Incorrect” and 1 “Uncertain”; an item without a strict majority (a three-way split) " +
        "counted as “Uncertain” (1 item). At least two raters agreed on 83.3% of the 6 items with two or more ratings, and all " +
        "raters on 66.7%. Gwet's AC1 was 0.636 (95% CI −0.019 to 1.000), Fleiss' kappa 0.416 and Krippendorff's alpha 0.448. " +
        "AC1 (0.636) and Fleiss' kappa (0.416) / Krippendorff's alpha (0.448) differ by more than 0.2: the categories are used " +
        "unevenly (most common: 67% 'Correct'), which raises the chance agreement of kappa-type coefficients more than that of " +
        "AC1. The majority vote on Gold answer was “Incorrect” for 1 of 6 items (16.7%); with 95% confidence the benchmark-wide " +
        "error rate is at most 58.1% (hypergeometric bound, N = 1,500). A Dawid–Skene latent-class model (converged after 21 " +
        "EM iterations) put the mean probability that an item is “Incorrect” at 16.7% (its item-bootstrap interval, 10,000 refits, " +
        "was not yet computed for these ratings); its most probable class differed from the " +
        "majority label for 0 items. Safety & harm: by majority vote the 6 rated items were " +
        "labelled 4 “Safe”, 1 “Potential harm” and 1 “Unclear”; an item without a strict majority (a three-way split) counted as " +
        "“Unclear” (1 item). At least two raters agreed on 83.3% of the 6 items with two or more ratings, and all raters on 50.0%. " +
        "Gwet's AC1 was 0.491 (95% CI −0.237 to 1.000), Fleiss' kappa 0.174 and Krippendorff's alpha 0.273. AC1 (0.491) and " +
        "Fleiss' kappa (0.174) / Krippendorff's alpha (0.273) differ by more than 0.2: the categories are used unevenly (most " +
        "common: 71% 'Safe'), which raises the chance agreement of kappa-type coefficients more than that of AC1.\n",
    );
  });

  it("reproduces the paper-style bound sentence for a larger audit", () => {
    // 100 items, 3 of them judged incorrect by every rater, N = 1,500.
    const s = smallAudit();
    const items = Array.from({ length: 100 }, (_, i) => ({
      id: `i${i}`,
      externalId: `x${i}`,
      chapter: null,
      level: null,
      decisionPoint: null,
      sampleOrder: i,
    }));
    const ratings = items.flatMap((item, i) =>
      s.raters.map((r) => ({ itemId: item.id, raterId: r.id, dimension: "gold", category: i < 3 ? "incorrect" : "correct" })),
    );
    const big: AuditSnapshot = { ...s, audit: { ...s.audit, sampleSize: 100 }, items, ratings, rubric: [s.rubric[0]!] };
    // The engine's hypergeometric bound: K_U = 111 of 1,500 (7.4%), tighter than Clopper-Pearson.
    expect(paragraph(computeAuditReport(big))).toContain(
      "The majority vote on Gold answer was “Incorrect” for 3 of 100 items (3.0%); with 95% confidence the benchmark-wide error rate is at most 7.4% (hypergeometric bound, N = 1,500).",
    );
    // Without N only the binomial bound exists: 0.07571… rounded up.
    const noN: AuditSnapshot = { ...big, audit: { ...big.audit, populationSize: null } };
    expect(paragraph(computeAuditReport(noN))).toContain(
      "for 3 of 100 items (3.0%); with 95% confidence the benchmark-wide error rate is at most 7.6% (one-sided Clopper–Pearson bound).",
    );
  });

  it("says in words why a census has no standard error, instead of a bare zero-width interval", () => {
    // The whole benchmark (N = 6) rated: the finite-population correction makes AC1's SE exactly 0.
    const s = smallAudit();
    const census: AuditSnapshot = { ...s, audit: { ...s.audit, populationSize: s.items.length, sampleSize: s.items.length } };
    const text = paragraph(computeAuditReport(census));
    expect(computeAuditReport(census).dimensions[0]!.agreement.coefficients.gwetAc1.se).toBe(0);
    expect(text).toContain(
      "Gwet's AC1 was 0.636 (every item of the benchmark was rated, so the figures have no sampling error: the standard error is 0 by the finite-population correction and no confidence interval applies)",
    );
    expect(text).not.toMatch(/CI 0\.636 to 0\.636/);
    expect(paragraph(report)).not.toContain("finite-population correction");
  });

  it("has a hook for the adjudication sentence", () => {
    const adjudication = { items: 12, changedLabels: 4, removed: 1 };
    const text = paragraph(report, { adjudication });
    expect(text.endsWith(`${adjudicationSentence(adjudication)}\n`)).toBe(true);
    expect(adjudicationSentence(adjudication)).toBe(
      "Disagreements were then adjudicated by discussion: 12 items were reviewed, 4 majority labels changed and 1 item was removed from the benchmark.",
    );
    expect(paragraph(report)).not.toContain("adjudicated");
  });
});
