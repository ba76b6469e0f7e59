// The streaming bundle scanner against JSON.parse: same values for any JSON at any chunk
// boundaries (escapes and surrogate pairs split included), syntax errors on the right line.
import fc from "fast-check";
import { english } from "@/lib/i18n/domain";
import { describe, expect, test } from "vitest";
import { chunked } from "./__fixtures__/helpers";
import { scanBundle, type BundleEvent } from "./bundle-scan";
import { parseTexts } from "./__fixtures__/helpers";

async function scan(text: string, size: number, arrays = ["patients", "instances"]): Promise<BundleEvent[]> {
  const out: BundleEvent[] = [];
  for await (const e of scanBundle(chunked(text, size), { arrays })) out.push(e);
  return out;
}

/** The scanned bundle put back together: members as they are, streamed arrays from their records. */
function rebuild(events: BundleEvent[]): unknown {
  const root: Record<string, unknown> = {};
  for (const e of events) {
    if (e.kind === "root") return e.value;
    if (e.kind === "member") root[e.key] = e.value;
    if (e.kind === "array") root[e.key] = [];
    if (e.kind === "record") (root[e.key] as unknown[])[e.index] = e.value;
    if (e.kind === "error") throw new Error(english(e.said));
  }
  return root;
}

const tricky = fc.constantFrom("\\", '"', '\\"', "\\\\", "😀", "\u2028", "{", "]", "\t", "é");
const record = fc.dictionary(
  fc.string(),
  fc.oneof(
    fc.jsonValue(),
    fc.array(tricky).map((xs) => xs.join("")),
  ),
);

describe("scanBundle", () => {
  test("yields what JSON.parse reads, at any chunk size, compact or indented", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ format: fc.string(), dataset: fc.jsonValue(), patients: fc.array(record), instances: fc.array(fc.jsonValue()) }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(0, 2),
        async (bundle, size, indent) => {
          const text = JSON.stringify(bundle, null, indent);
          expect(rebuild(await scan(text, size))).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  test("records carry their text and the line they start on", async () => {
    const text = '{\n  "patients": [\n    {"a": 1},\n    {\n      "b": "x\\"y"\n    }\n  ],\n  "format": "f"\n}';
    const events = await scan(text, 5);
    expect(events.filter((e) => e.kind === "record").map((e) => e.kind === "record" && [e.index, e.line, e.text])).toEqual([
      [0, 3, '{"a": 1}'],
      [1, 4, '{\n      "b": "x\\"y"\n    }'],
    ]);
    expect(events.find((e) => e.kind === "member")).toMatchObject({ key: "format", value: "f", line: 8 });
  });

  test("a byte-order mark and a root that is not an object", async () => {
    expect(rebuild(await scan('\uFEFF{"patients": []}', 3))).toEqual({ patients: [] });
    expect(await scan("[1, 2]", 2)).toEqual([{ kind: "root", value: [1, 2], text: "[1, 2]", line: 1 }]);
  });

  test("syntax errors are reported on their line and end the scan", async () => {
    const cases: [string, number, RegExp][] = [
      ['{\n"patients": [\n{"a": 1},\n]\n}', 4, /unexpected "\]"; expected a value/],
      ['{\n"patients": [\n{"a": 1}\n{"b": 2}]}', 4, /expected "," or "\]"/],
      ['{\n"patients": [\n{"a":\n 1 "b": 2}]}', 4, /invalid JSON/],
      ['{\n"patients": [\n{"a": [1}\n]}', 3, /invalid JSON/],
      ['{\n"patients": [\n{"a": "open\n}]}', 3, /control character|invalid JSON/],
      ['{\n"format": "x"\n"patients": []}', 3, /expected "," or the closing brace/],
      ['{\n"patients": [\n{"a": 1}', 3, /the file ends before the bundle does/],
      ['{"patients": []}\nx', 2, /nothing after the closing brace/],
    ];
    for (const [text, line, message] of cases) {
      for (const size of [1, 3, 1000]) {
        const events = await scan(text, size);
        const last = events[events.length - 1];
        expect(last, `${JSON.stringify(text)} / ${size}`).toMatchObject({ kind: "error", line });
        expect(last?.kind === "error" && english(last.said)).toMatch(message);
        expect(events.filter((e) => e.kind === "error")).toHaveLength(1);
      }
    }
  });
});

describe("bundle readers", () => {
  test("a second patients array is refused, located", async () => {
    const r = await parseTexts({
      "b.json":
        '{"format": "ehr-decision-mcq", "format_version": "1.0", "dataset": {},\n"patients": [],\n"instances": [],\n"patients": []}',
    });
    expect(r.ok ? [] : r.issues).toEqual([
      {
        file: "b.json",
        line: 4,
        field: "patients",
        code: "formats.duplicateArray",
        values: { key: "patients" },
        message: 'duplicate key "patients": a bundle has one patients array',
      },
    ]);
  });
});
