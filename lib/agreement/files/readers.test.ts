// The ratings readers on their own: what each layout reads, and every refusal as a code with its
// values and place (the web words them from the catalogs, the CLI from ratingsText).
import { describe, expect, it } from "vitest";
import { analyseRatings, DEFAULT_ANALYSE_OPTIONS } from "./analyse";
import { ratingWarnings } from "./checks";
import { parseCsv, readTable } from "./csv";
import { readRatings } from "./input";
import { labelStudioRows, tooDeepAt } from "./label-studio";
import { parseRatingsCsv } from "./long";
import { RatingsFileError, ratingsText } from "./messages";

/** The error a reader throws, as { line, field, code, values }. */
function refusal(read: () => unknown) {
  try {
    read();
  } catch (e) {
    if (!(e instanceof RatingsFileError)) throw e;
    return { line: e.line, field: e.field, code: e.code, values: e.values };
  }
  throw new Error("expected a refusal");
}

describe("parseCsv", () => {
  it("handles CRLF, a BOM, blank lines, empty quoted fields and a missing final newline", () => {
    expect(parseCsv('\uFEFFa,b\r\n\r\n"",x\r\n"1",""')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 3, fields: ["", "x"] },
      { line: 4, fields: ["1", ""] },
    ]);
  });

  it("refuses broken quoting with a code, the line and the column", () => {
    expect(refusal(() => parseCsv('a,b\n1,x"y\n'))).toEqual({ line: 2, field: null, code: "quoteInside", values: { column: 2 } });
    expect(refusal(() => parseCsv('a\n"open\n'))).toMatchObject({ line: 2, code: "quoteNotClosed" });
    expect(refusal(() => parseCsv('a,b\n"x"y,1\n'))).toMatchObject({ line: 2, code: "textAfterQuote", values: { column: 1 } });
  });

  it("names the separator it sniffed as a note", () => {
    expect(readTable("a\tb\n1\t2\n").notes).toEqual([{ code: "delimiter", values: { delimiter: "tab" } }]);
    expect(readTable("a,b\n").notes).toEqual([]);
  });
});

describe("layouts", () => {
  it("detects long, wide and Label Studio, and says what it read", () => {
    expect(readRatings("item,rater,category\nq1,a,yes\n", "r.csv", null).layout).toBe("long");
    const wide = readRatings("record_id,ana,ben\n1,yes,no\n", "r.csv", null);
    expect(wide.layout).toBe("wide");
    expect(wide.notes).toEqual([
      { code: "wideLayout", values: { items: "column", itemColumn: "record_id", raters: "ana, ben", dimension: "", hasDimension: "no" } },
    ]);
    const ls = readRatings(
      '[{"id":1,"annotations":[{"completed_by":2,"result":[{"type":"choices","from_name":"g","value":{"choices":["x"]}}]}]}]',
      "e.json",
      null,
    );
    expect(ls).toMatchObject({ layout: "label-studio", rows: [{ item: "1", rater: "2", category: "x", dimension: "g" }] });
  });

  it("long: a missing column names its near miss", () => {
    expect(refusal(() => parseRatingsCsv("item,ratr,category\nq1,a,yes\n"))).toEqual({
      line: 1,
      field: "rater",
      code: "missingColumn",
      values: { found: "item, ratr, category", guess: "ratr", hasGuess: "yes", column: "rater" },
    });
  });

  it("long: a second rating of the same item by the same rater, located at the second", () => {
    expect(refusal(() => parseRatingsCsv("item,rater,category\nq1,a,yes\nq1,a,no\n"))).toMatchObject({
      line: 3,
      field: "rater",
      code: "alreadyRated",
      values: { rater: "a", item: "q1", first: 2, firstKind: "line" },
    });
  });

  it("Label Studio: a nesting bomb is refused at the line it passes the limit, brackets in strings not counted", () => {
    expect(tooDeepAt('[{"a": "[[[[["}]', 3)).toBeNull();
    expect(tooDeepAt("[\n[\n[\n[]]]]", 3)).toBe(4);
    expect(refusal(() => labelStudioRows(`[${"[".repeat(200)}${"]".repeat(200)}]`))).toMatchObject({
      line: 1,
      code: "tooDeep",
      values: { max: 100 },
    });
  });

  it("Label Studio: refusals located by JSON path", () => {
    expect(refusal(() => labelStudioRows("{oops"))).toMatchObject({ line: 1, code: "invalidJson" });
    expect(refusal(() => labelStudioRows('{"id":1}'))).toMatchObject({ line: "(root)", code: "notTaskArray" });
    expect(refusal(() => labelStudioRows('[{"id":1,"annotations":[{"result":[]}]}]'))).toMatchObject({
      line: "[0].annotations[0]",
      field: "completed_by",
      code: "missingAnnotator",
    });
  });
});

describe("warnings", () => {
  it("leading zeros, one rating, no overlap: codes with the listed ids", () => {
    const rows = [
      ["0012", "A"],
      ["12", "B"],
      ["0013", "A"],
      ["0013", "B"],
      ["x", "C"],
    ].map(([item, rater], k) => ({ line: k + 2, dimension: null, item: item!, rater: rater!, category: "yes" }));
    const warnings = ratingWarnings(rows);
    expect(warnings.map((w) => w.code)).toEqual(["idClash", "fewRatings", "noOverlap"]);
    expect(warnings[0]!.values).toEqual({ shown: '"0012" / "12"', total: 1 });
    expect(ratingsText(warnings[2]!)).toBe("warning: rater(s) sharing no item with any other rater: C");
  });

  it("lists are cut at five, with the total", () => {
    const rows = Array.from({ length: 8 }, (_, k) => ({ line: k + 2, dimension: "g", item: `i${k}`, rater: `r${k % 2}`, category: "y" }));
    rows.push({ line: 20, dimension: "g", item: "i0", rater: "r1", category: "y" });
    const few = ratingWarnings(rows).find((w) => w.code === "fewRatings")!;
    expect(ratingsText(few)).toBe(
      'warning: dimension "g": 7 of 8 items have one rating where others have up to 2, and do not count towards agreement: i1, i2, i3, i4, i5, … (7 in all)',
    );
  });
});

describe("analyseRatings", () => {
  it("without declared categories: the observed ones, with a warning", () => {
    const a = analyseRatings("item,rater,category\nq1,a,yes\nq1,b,no\n", "r.csv", DEFAULT_ANALYSE_OPTIONS);
    expect(a.warnings[0]).toEqual({ code: "categoriesObserved", values: { dimension: "", hasDimension: "no", categories: "yes, no" } });
    expect(a.report.dimensions[0]!.items.total).toBe(1);
  });

  it("an empty file is refused", () => {
    expect(refusal(() => analyseRatings("item,rater,category\n", "r.csv", DEFAULT_ANALYSE_OPTIONS))).toMatchObject({ code: "noRatings" });
    expect(refusal(() => analyseRatings("[]", "e.json", DEFAULT_ANALYSE_OPTIONS))).toMatchObject({ code: "noChoices" });
  });
});
