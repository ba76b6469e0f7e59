// Property test: malformed inputs to every import layout, made by mutating valid synthetic
// benchmarks (wrong types, missing fields, duplicate ids, evidence after the cutoff, unknown
// labels, truncated or garbled lines, broken CSV quoting, invalid UTF-8, …), are rejected by
// the import's validation pass with an issue at the expected file, line, record and field,
// and no issue without a location. fast-check prints the seed and the case when one fails.
import fc from "fast-check";
import { describe, it } from "vitest";
import { buildCase, FORMATS } from "./__fixtures__/malformed/formats";
import { checkRejected } from "./__fixtures__/malformed/check";

/** Runs per layout: 1,100 cases in all. */
const RUNS: Record<string, number> = {
  "ehr-decision-mcq JSON bundle": 250,
  "ehr-decision-mcq JSONL pair": 250,
  "notes-chatqa JSON bundle": 200,
  "EHRNote-ChatQA CSV pair": 250,
  "EHRNoteQA JSONL": 150,
};

/** Chunk boundaries anywhere (small chunks now and then; they are slow to stream). */
const CHUNK_SIZES = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 64 }), weight: 1 },
  { arbitrary: fc.integer({ min: 65, max: 1 << 16 }), weight: 9 },
);

describe("malformed imports are rejected, located", () => {
  for (const format of Object.keys(FORMATS)) {
    it(`${format} (${RUNS[format]} cases)`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(fc.gen(), CHUNK_SIZES, fc.nat({ max: 3 }), async (g, chunkSize, k) => {
          const c = buildCase(format, g);
          fc.pre(c !== undefined);
          await checkRejected(c!, chunkSize, k === 0); // one case in four also through parseDataset
        }),
        { numRuns: RUNS[format]! * Number(process.env.FC_RUNS_FACTOR ?? 1), maxSkipsPerRun: 10 },
      );
    });
  }
});
