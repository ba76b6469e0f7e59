import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { chunked } from "./__fixtures__/helpers";
import { csvField, csvRow, parseCsv, type CsvRecord } from "./csv";

async function all(text: string, size = 1_000_000): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of parseCsv(chunked(text, size))) out.push(r);
  return out;
}

describe("parseCsv", () => {
  test("plain rows with their line numbers", async () => {
    expect(await all("a,b\n1,2\n")).toEqual([
      { fields: ["a", "b"], line: 1 },
      { fields: ["1", "2"], line: 2 },
    ]);
  });

  test("quoted commas, escaped quotes and newlines; line = where the record starts", async () => {
    const text = 'id,text\n1,"a, ""b""\nsecond line\nthird"\n2,plain\n';
    expect(await all(text)).toEqual([
      { fields: ["id", "text"], line: 1 },
      { fields: ["1", 'a, "b"\nsecond line\nthird'], line: 2 },
      { fields: ["2", "plain"], line: 5 },
    ]);
  });

  test("the result does not depend on where chunks are cut", async () => {
    const text = '\uFEFFid,text\r\n1,"x\r\ny"\r\n2,""""\r\n\r\n3,"",\r\n';
    const expected = await all(text);
    expect(expected).toEqual([
      { fields: ["id", "text"], line: 1 },
      { fields: ["1", "x\r\ny"], line: 2 },
      { fields: ["2", '"'], line: 4 },
      { fields: ["3", "", ""], line: 6 },
    ]);
    for (const size of [1, 2, 3, 5, 8]) expect(await all(text, size)).toEqual(expected);
  });

  test("bare CR line endings and a last record without newline", async () => {
    expect(await all('a\rb\r"c\rd"')).toEqual([
      { fields: ["a"], line: 1 },
      { fields: ["b"], line: 2 },
      { fields: ["c\rd"], line: 3 },
    ]);
  });

  test("blank lines are skipped but a quoted empty field is a record", async () => {
    expect(await all('a\n\n""\n')).toEqual([
      { fields: ["a"], line: 1 },
      { fields: [""], line: 3 },
    ]);
  });

  test("malformed quoting is reported on the record, and reading continues", async () => {
    expect(await all('1,ab"c\n2,"x"y\n3,ok\n4,"open\n')).toEqual([
      { fields: ["1", 'ab"c'], line: 1, problems: [{ code: "formats.csvStrayQuote", values: { field: "2" } }] },
      { fields: ["2", "xy"], line: 2, problems: [{ code: "formats.csvAfterQuote", values: { field: "2" } }] },
      { fields: ["3", "ok"], line: 3 },
      { fields: ["4", "open\n"], line: 4, problems: [{ code: "formats.csvUnterminated" }] },
    ]);
  });
});

describe("csv writer", () => {
  test("quotes only when needed", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvRow(["a", "b,c"])).toBe('a,"b,c"\n');
    expect(csvRow([""])).toBe('""\n');
  });

  test("property: any rows survive write → chunked read", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", " ", "é") }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 1, max: 9 }),
        async (rows, size) => {
          const text = rows.map((r) => csvRow(r)).join("");
          const back = (await all(text, size)).map((r) => r.fields);
          expect(back).toEqual(rows);
        },
      ),
      { numRuns: 300 },
    );
  });
});
