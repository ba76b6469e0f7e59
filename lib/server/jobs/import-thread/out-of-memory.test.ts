// An import over its heap cap is a located domain message (lib/i18n/domain.test.ts renders it in every language).
import { describe, expect, it } from "vitest";
import { outOfMemory } from "./out-of-memory";

describe("an import over its heap cap", () => {
  it("is located at the file and record it was reading, or at its writing, with its key and values", () => {
    const input = { actorId: null, files: [{ path: "/x/patients.jsonl", name: "patients.jsonl" }] };
    expect(outOfMemory(input, 96, { file: "patients.jsonl", records: 12 })).toEqual({
      status: "invalid",
      total: 1,
      issues: [
        {
          file: "patients.jsonl",
          field: "(file)",
          code: "formats.outOfMemoryRecord",
          values: { heapMb: "96", record: "12" },
          message: expect.stringMatching(
            /^the import needed more than 96 MB of memory .* near record 12 of this file; nothing was written/,
          ),
        },
      ],
    });
    expect(outOfMemory(input, 96, { file: "a.ndjson", records: 3, writing: true }).issues[0]).toMatchObject({
      file: "a.ndjson",
      code: "formats.outOfMemoryWriting",
      values: { heapMb: "96" },
    });
    expect(outOfMemory(input, 96, {}).issues[0]).toMatchObject({ file: "patients.jsonl", code: "formats.outOfMemoryReading" });
  });
});
