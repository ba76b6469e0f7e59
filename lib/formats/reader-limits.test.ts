// Issue 16, finding 6: a 4M-deep JSON document or a line too long to be one string ends in a
// located problem, not a stack overflow or "Invalid string length".
import { describe, expect, it } from "vitest";
import { english } from "@/lib/i18n/domain";
import { parseCsv } from "./csv";
import { readJsonl, readLines } from "./jsonl";
import { parseDataset } from "./parse-dataset";
import { jsonTooDeepAt, MAX_JSON_DEPTH, MAX_LINE_CHARS } from "./reader-limits";
import { validateBackup } from "../backup/reader";

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

/** A line of `total` characters in 1 MiB chunks, never held whole by the test. */
function* hugeLine(total: number, prefix = "", suffix = "\n") {
  yield prefix;
  const piece = "x".repeat(1 << 20);
  for (let left = total; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.slice(0, left);
  yield suffix;
}

async function all<T>(gen: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const v of gen) out.push(v);
  return out;
}

describe("reader limits", () => {
  it("finds nesting past the limit, ignoring brackets inside strings", () => {
    expect(jsonTooDeepAt(deep(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTooDeepAt(deep(MAX_JSON_DEPTH + 1))).toBe(MAX_JSON_DEPTH);
    expect(jsonTooDeepAt(`{"a":"${"[".repeat(1000)}\\"["}`)).toBeNull();
  });

  it("a 4M-deep JSONL record is a located problem, and the next line still reads", async () => {
    const entries = await all(readJsonl([`{"ok":1}\n${deep(4_000_000)}\n{"ok":2}\n`]));
    expect(entries.map((e) => e.ok)).toEqual([true, false, true]);
    expect(entries[1]).toMatchObject({ line: 2 });
    expect(entries[1]?.ok === false && english(entries[1].error)).toMatch(/nested deeper than 64 levels \(column 65\)/);
  });

  it("a 4M-deep record of a JSON bundle is a located issue", async () => {
    const text = `{"format": "ehr-decision-mcq", "format_version": 1, "dataset": {"name": "x"},\n"patients": [${deep(4_000_000)}], "instances": []}`;
    const result = await parseDataset([{ name: "bundle.json", chunks: [text] }]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual(
      expect.objectContaining({ file: "bundle.json", line: 2, field: "(json)", message: expect.stringMatching(/nested deeper/) }),
    );
  });

  it("a line longer than the limit is reported by its number without being joined", async () => {
    const lines = await all(readLines(hugeLine(MAX_LINE_CHARS + 5, "a\n")));
    expect(lines.map((l) => [l.line, l.text.length, l.overLong !== undefined])).toEqual([
      [1, 1, false],
      [2, 0, true],
    ]);
    const entries = await all(readJsonl(hugeLine(MAX_LINE_CHARS + 5, '{"a":1}\n"')));
    expect(entries[1]).toMatchObject({ ok: false, line: 2 });
    expect(entries[1]?.ok === false && english(entries[1].error)).toMatch(/longer than 16,777,216 characters/);
  });

  it("a CSV field longer than the limit is a problem of its record, and the next record reads", async () => {
    const records = await all(parseCsv([...hugeLine(MAX_LINE_CHARS + 5, 'id,text\n1,"', ""), '"\n2,short\n']));
    expect(records.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(records[1]!.problems?.map(english)).toEqual([expect.stringMatching(/field 2 is longer than/)]);
    expect(records[2]!.fields).toEqual(["2", "short"]);
  });

  it("a backup whose line is 4M deep or too long is refused with the line named", async () => {
    const deepOne = await validateBackup("audit.jsonl", readLines([`${deep(4_000_000)}\n`]));
    expect(JSON.stringify(deepOne)).toMatch(/nested deeper than 64 levels[^}]*"line":1/);
    const longOne = await validateBackup("audit.jsonl", readLines(hugeLine(MAX_LINE_CHARS + 5)));
    expect(JSON.stringify(longOne)).toMatch(/longer than 16,777,216 characters[^}]*"line":1/);
  });
});
