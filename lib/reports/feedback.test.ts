import { describe, expect, it } from "vitest";
import { smallAudit } from "./__fixtures__/small-audit";
import type { CommentRow } from "./comments";
import { computeAuditReport, reportJson, reportMarkdown } from ".";
import { reportFeedback } from "./feedback";

const snapshot = () => {
  const s = smallAudit();
  const [a, b] = s.raters;
  const [i1, i2] = [...s.items].sort((x, y) => x.sampleOrder - y.sampleOrder);
  s.work = [
    { itemId: i2!.id, raterId: b!.id, activeMs: 1000, flagged: true, rated: true },
    { itemId: i2!.id, raterId: a!.id, activeMs: 1000, flagged: true, rated: true },
    { itemId: i1!.id, raterId: a!.id, activeMs: 1000, flagged: false, rated: true },
  ];
  const comment = (item: typeof i1, rater: string, text: string): CommentRow => ({
    itemId: item!.id,
    externalId: item!.externalId,
    sampleOrder: item!.sampleOrder,
    rater,
    text,
    savedAt: "2026-12-01T10:00:00.000Z",
    ratings: { [s.rubric[0]!.key]: "correct" },
  });
  return { s, i1: i1!, i2: i2!, a: a!, b: b!, comments: [comment(i2, b!.label, "see day 3 | *not* bold"), comment(i1, a!.label, "fine")] };
};

describe("comments and flags in the report", () => {
  it("report.json ends with the comments (sample order, rater labels, every dimension) and the flagged items, before rater quality", () => {
    const { s, i1, i2, a, b, comments } = snapshot();
    const doc = JSON.parse(reportJson(computeAuditReport(s), reportFeedback(s, comments)));
    expect(Object.keys(doc).slice(-3)).toEqual(["comments", "flagged", "raterQuality"]);
    expect(doc.comments.map((c: { item: string; rater: string }) => [c.item, c.rater])).toEqual([
      [i1.externalId, a.label],
      [i2.externalId, b.label],
    ]);
    expect(doc.comments[0]).toEqual({
      item: i1.externalId,
      rater: a.label,
      savedAt: "2026-12-01T10:00:00.000Z",
      ratings: Object.fromEntries(s.rubric.map((d, k) => [d.key, k === 0 ? "correct" : null])),
      text: "fine",
    });
    expect(doc.flagged).toEqual([{ item: i2.externalId, raters: [a.label, b.label].sort() }]);
    // Labels only: no rater id leaves in the report.
    for (const r of s.raters) expect(JSON.stringify(doc)).not.toContain(r.id);
  });

  it("report.md lists them in two tables, texts escaped; without feedback the report is as before", () => {
    const { s, i2, comments } = snapshot();
    const report = computeAuditReport(s);
    const md = reportMarkdown(report, reportFeedback(s, comments));
    expect(md).toContain("## Comments");
    expect(md).toContain("see day 3 \\| \\*not\\* bold");
    expect(md).toMatch(
      new RegExp(
        `## Flagged for discussion\\n\\n\\| item \\| flagged by \\|\\n\\| --- \\| --- \\|\\n\\| ${i2.externalId.replace(/[-_]/g, (c) => (c === "_" ? "\\\\_" : c))} \\|`,
      ),
    );
    expect(reportMarkdown(report)).not.toContain("## Comments");
    expect(reportMarkdown(report, reportFeedback({ ...s, work: [] }, []))).toContain("No rater commented.");
  });
});
