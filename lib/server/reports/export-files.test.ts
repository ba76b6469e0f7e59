import { describe, expect, it } from "vitest";
import { adjudicatedOutcome } from "../../adjudication/outcome";
import { computeAuditReport } from "../../reports";
import { shownItems } from "../../reports/shown";
import type { AuditSnapshot } from "../../reports/types";
import { auditParagraph, exportCatalog, renderExport } from "./export-files";

const categories = [
  { key: "correct", label: "Correct" },
  { key: "incorrect", label: "Incorrect" },
  { key: "uncertain", label: "Uncertain" },
];
const snapshot: AuditSnapshot = {
  audit: { id: "a", name: "A", datasetName: "D", sampleSize: 1, seed: "1", populationSize: 10, status: "CLOSED" },
  rubric: ["gold@t1", "gold@t3"].map((key) => ({ key, label: key, categories, tieCategory: "uncertain", errorCategory: "incorrect" })),
  raters: [
    { id: "u1", label: "R1" },
    { id: "u2", label: "R2" },
  ],
  items: [{ id: "i1", externalId: "900001:micro", chapter: null, level: null, decisionPoint: null, sampleOrder: 1 }],
  ratings: [
    { itemId: "i1", raterId: "u1", dimension: "gold@t1", category: "incorrect" },
    { itemId: "i1", raterId: "u2", dimension: "gold@t1", category: "correct" },
    { itemId: "i1", raterId: "u1", dimension: "gold@t3", category: "correct" },
    { itemId: "i1", raterId: "u2", dimension: "gold@t3", category: "correct" },
  ],
};

describe("the appendix paragraph", () => {
  it("reads an outcome the caller computed as it reads the adjudications (the dashboard computes it once)", () => {
    const report = computeAuditReport(snapshot);
    const adjudications = [{ itemId: "i1", finalLabels: { "gold@t1": "incorrect" }, removeItem: false, rationale: "r" }];
    const text = renderExport(snapshot, "paragraph.txt", { adjudications }, report)!;
    expect(text).toMatch(/adjudicat/i);
    expect(`${auditParagraph(report, { outcome: adjudicatedOutcome(report, shownItems(report), adjudications) })}\n`).toBe(text);
    expect(auditParagraph(report, { outcome: null })).toBe(auditParagraph(report));
  });
});

describe("adjudication.csv", () => {
  it("gives each turn of a conversation its own final label", () => {
    const csv = renderExport(snapshot, "adjudication.csv", {
      adjudications: [
        { itemId: "i1", finalLabels: { "gold@t1": "incorrect", "gold@t3": "correct" }, removeItem: false, rationale: "t1 wrong" },
      ],
    });
    expect(csv?.trim().split(/\r?\n/)).toEqual([
      "dimension,item,majority,final,adjudicated,removed,rationale",
      "gold@t1,900001:micro,uncertain,incorrect,true,false,t1 wrong",
      "gold@t3,900001:micro,correct,correct,true,false,t1 wrong",
    ]);
  });
});

describe("exports for SPSS, Stata and R", () => {
  it("are offered beside the CSVs and read the data file under its downloaded name", () => {
    const files = exportCatalog(snapshot).map((e) => e.file);
    expect(files.slice(files.indexOf("ratings-wide-gold@t3.csv") + 1, files.indexOf("majority-labels.csv"))).toEqual([
      "stats-ratings.csv",
      "stats-codebook.csv",
      "stats-ratings.sps",
      "stats-ratings.do",
      "stats-ratings.R",
    ]);
    expect(renderExport(snapshot, "stats-ratings.csv")?.split("\n").slice(0, 3)).toEqual([
      "item,rater,chapter,level,decision_point,gold_t1,gold_t3",
      "900001:micro,R1,,,,2,1",
      "900001:micro,R2,,,,1,1",
    ]);
    expect(renderExport(snapshot, "stats-ratings.sps")).toContain('/FILE="a-stats-ratings.csv"');
    expect(renderExport(snapshot, "stats-ratings.do")).toContain('import delimited using `"a-stats-ratings.csv"\'');
    expect(renderExport(snapshot, "stats-ratings.R")).toContain('read.csv("a-stats-ratings.csv"');
  });
});
