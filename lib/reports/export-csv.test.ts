import { describe, expect, it } from "vitest";
import { parseCsv } from "../agreement/files/csv";
import { parseRatingsCsv } from "../agreement/files/long";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { majorityLabelsCsv, ratingsLongCsv, ratingsWideCsv } from "./export-csv";
import type { AuditSnapshot } from "./types";

describe("ratingsLongCsv", () => {
  const text = ratingsLongCsv(smallAudit());

  it("lists dimension, item, rater, category in rubric, sample and rater order", () => {
    const lines = text.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "dimension,item,rater,category",
      "gold,q01,R1,correct",
      "gold,q01,R2,correct",
      "gold,q01,R3,correct",
      "gold,q02,R1,correct",
    ]);
    expect(lines.slice(-3)).toEqual(["safety,q06,R1,safe", "safety,q06,R2,unclear", ""]);
    expect(lines).toHaveLength(1 + 18 + 17 + 1);
    expect(text).not.toMatch(/\r|u-ana|i-q0/);
  });

  it("parses back with the CLI's parser to the same ratings", () => {
    const { rows } = parseRatingsCsv(text);
    expect(rows).toHaveLength(35);
    expect(rows[14]).toMatchObject({ dimension: "gold", item: "q05", rater: "R3", category: "uncertain" });
  });

  it("can be limited to some dimensions", () => {
    expect(ratingsLongCsv(smallAudit(), { dimensions: ["safety"] }).split("\n")[1]).toBe("safety,q01,R1,safe");
    expect(() => ratingsLongCsv(smallAudit(), { dimensions: ["nope"] })).toThrow(/unknown dimension/);
  });

  it("quotes labels and ids holding commas or quotes, and they survive the round trip", () => {
    const s = smallAudit();
    const odd: AuditSnapshot = {
      ...s,
      raters: s.raters.map((r, g) => (g === 0 ? { ...r, label: 'Dr "A", MD' } : r)),
      items: s.items.map((i) => (i.externalId === "q01" ? { ...i, externalId: "q01,a" } : i)),
    };
    const csv = ratingsLongCsv(odd);
    expect(csv.split("\n")[1]).toBe('gold,"q01,a","Dr ""A"", MD",correct');
    expect(parseRatingsCsv(csv).rows[0]).toMatchObject({ item: "q01,a", rater: 'Dr "A", MD' });
  });
});

describe("ratingsWideCsv", () => {
  it("has one row per rated item and one column per rater, empty for a missing rating", () => {
    expect(ratingsWideCsv(smallAudit(), "safety")).toBe(
      [
        "item,R1,R2,R3",
        "q01,safe,safe,safe",
        "q02,safe,safe,harm",
        "q03,safe,safe,safe",
        "q04,harm,harm,unclear",
        "q05,safe,safe,safe",
        "q06,safe,unclear,",
        "",
      ].join("\n"),
    );
  });

  it("leaves out items nobody rated (irrCAC would count them in n)", () => {
    const s = smallAudit();
    const csv = ratingsWideCsv({ ...s, ratings: s.ratings.filter((r) => r.itemId !== "i-q03") }, "gold");
    expect(csv).not.toContain("q03");
    expect(parseCsv(csv)).toHaveLength(6);
  });
});

describe("majorityLabelsCsv", () => {
  it("gives each sampled item's majority, tie flag, ratings and votes per category", () => {
    const csv = majorityLabelsCsv(computeAuditReport(smallAudit()));
    const lines = csv.split("\n");
    expect(lines[0]).toBe(
      "dimension,item,chapter,level,majority,tie,n_ratings,count_correct,count_incorrect,count_uncertain,count_safe,count_harm,count_unclear",
    );
    expect(lines[5]).toBe("gold,q05,Chapter 10,,uncertain,true,3,1,1,1,,,");
    expect(lines[12]).toBe("safety,q06,Chapter 2,hard,unclear,true,2,,,,1,0,1");
    expect(lines).toHaveLength(14);
  });

  it("lists unrated items with an empty majority and zero counts", () => {
    const csv = majorityLabelsCsv(computeAuditReport({ ...smallAudit(), ratings: [] }));
    expect(csv.split("\n")[1]).toBe("gold,q01,Chapter 2,easy,,false,0,0,0,0,,,");
  });
});
