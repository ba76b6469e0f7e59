// An import over its heap cap is worded from the catalogs on the web (every language) and in
// English on the command line, the same words.
import { describe, expect, it } from "vitest";
import { ISSUE_MESSAGE_KEYS } from "@/lib/formats/issues";
import { LOCALES } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { OUT_OF_MEMORY_VALUES, outOfMemory, outOfMemoryMessage } from "./out-of-memory";

const placeholders = (message: string) => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]!))].sort();
const catalog = (locale: (typeof LOCALES)[number]) => MESSAGES[locale].datasets.upload.issueMessages as Record<string, string>;

describe.each(LOCALES)("out-of-memory messages in the %s catalog", (locale) => {
  it("has every key, with exactly its values", () => {
    expect(Object.keys(catalog(locale)).sort()).toEqual([...ISSUE_MESSAGE_KEYS].sort());
    for (const key of ISSUE_MESSAGE_KEYS)
      expect(placeholders(catalog(locale)[key] ?? ""), key).toEqual([...OUT_OF_MEMORY_VALUES[key]].sort());
  });
});

describe("an import over its heap cap", () => {
  it("the English catalog says what the command line says", () => {
    const values = { heapMb: "96", record: "12" };
    for (const key of ISSUE_MESSAGE_KEYS)
      expect(
        catalog("en")[key]!.replace(/\{(\w+)\}/g, (_, name: keyof typeof values) => values[name]),
        key,
      ).toBe(outOfMemoryMessage(key, values));
  });

  it("is located at the file and record it was reading, or at its writing, with its key and values", () => {
    const input = { actorId: null, files: [{ path: "/x/patients.jsonl", name: "patients.jsonl" }] };
    expect(outOfMemory(input, 96, { file: "patients.jsonl", records: 12 })).toEqual({
      status: "invalid",
      total: 1,
      issues: [
        {
          file: "patients.jsonl",
          field: "(file)",
          key: "outOfMemoryRecord",
          values: { heapMb: "96", record: "12" },
          message: expect.stringMatching(
            /^the import needed more than 96 MB of memory .* near record 12 of this file; nothing was written/,
          ),
        },
      ],
    });
    expect(outOfMemory(input, 96, { file: "a.ndjson", records: 3, writing: true }).issues[0]).toMatchObject({
      file: "a.ndjson",
      key: "outOfMemoryWriting",
      values: { heapMb: "96" },
    });
    expect(outOfMemory(input, 96, {}).issues[0]).toMatchObject({ file: "patients.jsonl", key: "outOfMemoryReading" });
  });
});
