// Server-render checks of an upload's outcome: an import stopped at its heap cap is worded in the
// reader's language; other located messages stay as the importer wrote them.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { outOfMemory } from "@/lib/server/jobs/import-thread/out-of-memory";
import { withIntl } from "@/tests/support/intl";
import { ImportReport, type Outcome } from "./upload-form";

const text = (locale: Locale, outcome: Outcome) =>
  renderToStaticMarkup(withIntl(<ImportReport outcome={outcome} />, locale))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replaceAll("&#x27;", "'");

const input = { actorId: null, files: [{ path: "/up/patients.jsonl", name: "patients.jsonl" }] };
const stopped: Outcome = outOfMemory(input, 96, { file: "patients.jsonl", records: 3 });

describe("an upload stopped at the import's heap cap", () => {
  it("in English: the command line's words, located at the file", () => {
    const issue = outOfMemory(input, 96, { file: "patients.jsonl", records: 3 }).issues[0]!;
    expect(text("en", stopped)).toContain(`patients.jsonl: (file): ${issue.message}`);
  });

  it("in Chinese: the catalog's words with the cap and the record", () => {
    const zh = text("zh-CN", stopped);
    expect(zh).toContain("导入所需内存超过 96 MB（CLINAUDIT_IMPORT_HEAP_MB），在此文件第 3 条记录附近被停止；未写入任何内容。");
    expect(zh).not.toContain("the import needed");
  });

  it("a located message without a key is shown as it is", () => {
    const plain: Outcome = { status: "invalid", total: 1, issues: [{ file: "a.jsonl", line: 2, field: "id", message: "is required" }] };
    expect(text("zh-CN", plain)).toContain("a.jsonl:2: id: is required");
  });
});
