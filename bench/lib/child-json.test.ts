import { describe, expect, it } from "vitest";
import { z } from "zod";
import { importResultSchema, parseLastJsonLine } from "./child-json";

// The contract of bench/import.ts --json: its log, then one JSON object as the last line.
const FAKE_IMPORT_STDOUT = `input: patients.jsonl 302.9 MB, instances.jsonl 1.9 MB; 3 run(s)
run 1 baseline    7.7 s  249814 rows  peak RSS 223 MB
median of 3:
{"rows":249814,"baseline":{"wallMs":7712.5,"peakRssMb":223.4},"import":{"wallMs":19650.1,"peakRssMb":443.2},"ratio":2.548}
`;

describe("parseLastJsonLine", () => {
  it("reads the import benchmark's result line", () => {
    const r = parseLastJsonLine("bench/import.ts", FAKE_IMPORT_STDOUT, importResultSchema);
    expect(r.rows).toBe(249814);
    expect(r.baseline.wallMs).toBe(7712.5);
    expect(r.import.peakRssMb).toBe(443.2);
    expect(r.ratio).toBeCloseTo(2.548);
  });
  it("says when the script printed no JSON line (e.g. an older script without --json)", () => {
    expect(() => parseLastJsonLine("bench/import.ts", "median of 3:\n  import / baseline: 2.57×\n", importResultSchema)).toThrow(
      /bench\/import\.ts --json: the last stdout line is not a JSON object: "import \/ baseline: 2\.57×"/,
    );
  });
  it("names the missing or mistyped field", () => {
    expect(() =>
      parseLastJsonLine(
        "x",
        '{"rows":1,"baseline":{"wallMs":1,"peakRssMb":1},"import":{"wallMs":"fast","peakRssMb":1},"ratio":1}',
        importResultSchema,
      ),
    ).toThrow(/field "import\.wallMs"/);
    expect(() => parseLastJsonLine("x", "{oops}", z.object({}))).toThrow(/not valid JSON/);
  });
});
