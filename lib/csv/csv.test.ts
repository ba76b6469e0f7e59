import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../formats/csv";
import { csvCell, csvRecord, csvText, isFormulaLike, restoreCell } from ".";

async function read(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const r of parseCsv([text])) rows.push(r.fields);
  return rows;
}

describe("the CSV writer", () => {
  it("quotes as RFC 4180 and otherwise writes text as it is", () => {
    expect(csvRecord(["a", "b,c", 'say "x"', "l1\nl2", "", "plain text"])).toBe('a,"b,c","say ""x""","l1\nl2",,plain text\n');
    expect(
      csvText([
        ["h1", "h2"],
        ["1", "2"],
      ]),
    ).toBe("h1,h2\n1,2\n");
    expect(csvRecord([""])).toBe('""\n');
    expect(csvText([])).toBe("");
  });

  it("neutralises every formula-leading text cell (OWASP) and quotes it", () => {
    const payloads = ['=HYPERLINK("http://evil.example","x")', "-2+3+cmd|'/C calc'!A0", "@SUM(1)", "+1", "\t=1+1", "\r=1+1", "-0.5"];
    for (const p of payloads) {
      const cell = csvCell(p);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(isFormulaLike(p)).toBe(true);
    }
    expect(csvCell('=HYPERLINK("u")')).toBe(`"'=HYPERLINK(""u"")"`);
    // Text after leading quotes gets one more quote, so reading it back is exact.
    expect(csvCell("'=x")).toBe(`"''=x"`);
    expect(csvCell("'quoted'")).toBe("'quoted'");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes numbers and booleans as data, never neutralised", () => {
    expect(csvRecord([-0.5, 0, 12, 1e-7, true, false, null, undefined])).toBe("-0.5,0,12,1e-7,true,false,,\n");
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });

  it("round-trips any text through our reader exactly", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.oneof(fc.string(), fc.constantFrom("=1", "-2", "'=3", "''@4", "\t5", "\r6", "+", "'")), {
            minLength: 2,
            maxLength: 4,
          }),
          { maxLength: 5 },
        ),
        async (rows) => {
          expect(await read(csvText(rows))).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("restores only quoted cells", () => {
    expect(restoreCell("'=x", true)).toBe("=x");
    expect(restoreCell("''-x", true)).toBe("'-x");
    expect(restoreCell("'=x", false)).toBe("'=x");
    expect(restoreCell("'plain", true)).toBe("'plain");
  });
});
