// Server-render checks: the web's import report shows what the command line's does, per language.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import type { ImportReport } from "@/lib/formats/import-report";
import { withIntl } from "@/tests/support/intl";
import { ImportReportView } from "./import-report";
import { DatasetImportReport } from "./dataset-import-report";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

const report: ImportReport = {
  format: "fhir-r4",
  files: [
    {
      name: "Observation.ndjson.gz",
      readAs: "fhir",
      records: 1200,
      notes: [],
      skipped: [
        { what: "Coverage", count: 2, reason: "no EHR event is made of this resource type" },
        { what: "CareTeam", count: 1, key: "unmapped", detail: { type: "CareTeam" }, reason: "(English)" },
      ],
    },
    {
      name: "instances.csv",
      readAs: "instances",
      records: 3,
      notes: [
        { key: "delimiter", line: 1, message: "", detail: { delimiter: '";"' } },
        { key: "renamed", line: 1, message: "", detail: { from: "Patient ID", to: "patient_id" } },
      ],
      skipped: [],
    },
  ],
  ignored: [
    { name: "data_dictionary.csv", key: "csvHeader", reason: "x", detail: { format: "fhir-r4", header: "file, column" } },
    { name: "notes.txt", reason: "a reason only in English" },
  ],
  totals: { patients: 2, events: 9, notes: 0, items: 3, turns: 0 },
};

const text = (locale: Locale, node = <ImportReportView report={report} />) =>
  renderToStaticMarkup(withIntl(node, locale))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replaceAll("&quot;", '"');

describe("ImportReportView", () => {
  it("each file with what it was read as, its records, table notes and skipped kinds; the ignored files; the totals", () => {
    const en = text("en");
    expect(en).toContain(
      "Observation.ndjson.gz FHIR R4 resources 1,200 2 Coverage records skipped: no EHR event is made of this resource type",
    );
    expect(en).toContain(
      "1 CareTeam record skipped: CareTeam is a resource type this importer does not map to events (lib/formats/fhir/README.md lists the mapping).",
    );
    expect(en).toContain(
      'instances.csv Items 3 Line 1: columns separated by ";" (read from the header line). Line 1: column "Patient ID" read as patient_id.',
    );
    expect(en).toContain("2 files not read");
    expect(en).toContain("data_dictionary.csv : A table whose header (file, column) is not that of any file of the fhir-r4 layout.");
    expect(en).toContain("notes.txt : a reason only in English");
    expect(en).toContain("Stored: 2 patients, 9 events, 0 notes, 3 items, 0 turns.");
  });

  it("in Chinese: the same report in Chinese words (a reason kept without a key as it is)", () => {
    const zh = text("zh-CN");
    expect(zh).toContain("Observation.ndjson.gz FHIR R4 资源 1,200 已跳过 2 条 Coverage 记录：no EHR event is made of this resource type");
    expect(zh).toContain("已跳过 1 条 CareTeam 记录：CareTeam 是本导入程序不映射为事件的资源类型");
    expect(zh).toContain("第 1 行：列“Patient ID”按 patient_id 读取。");
    expect(zh).toContain("data_dictionary.csv ：该表格的表头（file, column）不属于 fhir-r4 格式的任何文件。");
    expect(zh).toContain("已存储：患者 2 名，病历事件 9 条，病历文书 0 份，题目 3 道，对话轮次 0 个。");
  });

  it("the dataset page says so when no report was kept", () => {
    expect(text("en", <DatasetImportReport report={null} />)).toContain("No import report was kept for this version");
    expect(text("zh-CN", <DatasetImportReport report={null} />)).toContain("此版本没有保存导入报告");
  });
});
