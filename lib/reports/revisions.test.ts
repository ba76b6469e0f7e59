import { describe, expect, it } from "vitest";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport, paragraph, reportJson, reportLatex, reportMarkdown } from ".";
import { revisionsCsv, type ReportRevisions } from "./revisions";

// The EHRNote-ChatQA paper's kinds over a conversation benchmark: 3 of 1,000 questions rewritten,
// 1 of 600 source turns corrected, none of the 4,000 distractors, 2 of 200 items removed.
const revisions: ReportRevisions = {
  conversations: true,
  summary: {
    items: 200,
    rows: [
      { kind: "question", count: 3, of: 1000, share: 0.003 },
      { kind: "distractor", count: 0, of: 4000, share: 0 },
      { kind: "evidence", count: 1, of: 600, share: 1 / 600 },
      { kind: "removed", count: 2, of: 200, share: 0.01 },
    ],
  },
};

describe("the revision summary in the report exports", () => {
  const report = computeAuditReport(smallAudit());

  it("is report.json's last key before rater quality, at full precision, named as a paper names it", () => {
    const doc = JSON.parse(reportJson(report, undefined, revisions));
    expect(Object.keys(doc).slice(-2)).toEqual(["revisions", "raterQuality"]);
    expect(doc.revisions.rows[2]).toEqual({ kind: "evidence", label: "correct sources corrected", count: 1, of: 600, share: 1 / 600 });
    // Without it, the document is as before.
    expect(JSON.parse(reportJson(report)).revisions).toBeUndefined();
  });

  it("is a Markdown section, a second LaTeX table and a CSV", () => {
    const md = reportMarkdown(report, undefined, revisions);
    expect(md).toContain("## Revisions (accepted corrections)");
    expect(md).toContain("| questions rewritten | 3 | 1,000 | 0.3% |");
    const tex = reportLatex(report, { revisions });
    expect(tex).toContain("\\label{tab:clinaudit-revisions}");
    expect(tex).toContain("    correct sources corrected & 1 & 600 & 0.2\\% \\\\");
    expect(revisionsCsv(revisions)).toBe(
      "kind,label,count,of,share\nquestion,questions rewritten,3,1000,0.003\ndistractor,distractors corrected,0,4000,0\nevidence,correct sources corrected,1,600,0.0016666666666666668\nremoved,items removed,2,200,0.01\n",
    );
  });

  it("says so when no correction was accepted, and the paragraph then has no revision sentence", () => {
    const none: ReportRevisions = { conversations: false, summary: { items: 6, rows: [{ kind: "gold", count: 0, of: 6, share: 0 }] } };
    expect(reportMarkdown(report, undefined, none)).toContain("No correction was accepted for the 6 sampled items.");
    expect(paragraph(report, { revisions: none })).toBe(paragraph(report));
    expect(paragraph(report, { revisions })).toContain(
      "Accepted corrections, as shares of the questions, turns and options reviewed: questions rewritten 0.3% (3 of 1,000), correct sources corrected 0.2% (1 of 600) and items removed 1.0% (2 of 200).",
    );
  });
});
