import { describe, expect, test } from "vitest";
import { chatQaRelease } from "./__fixtures__/notes-release";
import { fixture, parseOk } from "./__fixtures__/helpers";
import { importReport, importReportLines, storedImportReport } from "./import-report";
import type { ImportStats } from "./parse-dataset";

const stats: ImportStats = {
  format: "fhir-r4",
  patients: 2,
  events: 9,
  notes: 0,
  items: 3,
  turns: 0,
  files: [
    {
      name: "Observation.ndjson.gz",
      readAs: "fhir",
      chars: 1234,
      records: 12,
      skipped: [
        { what: "Coverage", count: 2, key: "billing", detail: {}, reason: "no EHR event is made of this resource type" },
        { what: "Provenance", count: 1, key: "provenance", detail: {}, reason: "not read: it records where a resource came from" },
      ],
    },
    {
      name: "instances.csv",
      readAs: "instances",
      chars: 99,
      records: 3,
      notes: [{ key: "delimiter", line: 1, message: 'columns separated by ";" (read from the header line)', detail: { delimiter: '";"' } }],
    },
  ],
  ignored: [{ name: "README.md", key: "content", reason: "not one of them", detail: { format: "fhir-r4" } }],
};

describe("the import report", () => {
  test("every file: read as, records, table notes, skipped kinds; then the ignored files; then the totals", () => {
    expect(importReportLines(importReport(stats))).toEqual([
      "Import report (fhir-r4):",
      "  Observation.ndjson.gz → FHIR R4 resources: 12 records",
      "    skipped 2 Coverage: no EHR event is made of this resource type",
      "    skipped 1 Provenance: not read: it records where a resource came from",
      "  instances.csv → items: 3 records",
      '    line 1: columns separated by ";" (read from the header line)',
      "  Ignored (1):",
      "    README.md: not one of them",
      "  Stored: 2 patients, 9 events, 0 notes, 3 items, 0 turns",
    ]);
  });

  test("nothing ignored: no Ignored heading; one of a kind is singular, thousands grouped", () => {
    const lines = importReportLines(
      importReport({ ...stats, patients: 1, events: 1200, files: [{ name: "x.json", chars: 1, records: 1 }], ignored: [] }),
    );
    expect(lines).toEqual([
      "Import report (fhir-r4):",
      "  x.json → read: 1 record",
      "  Stored: 1 patient, 1,200 events, 0 notes, 3 items, 0 turns",
    ]);
  });

  test("what is kept is what is read back; anything else is no report rather than a wrong one", () => {
    const report = importReport(stats);
    expect(storedImportReport(JSON.parse(JSON.stringify(report)))).toEqual(report);
    expect(storedImportReport(null)).toBeNull();
    expect(storedImportReport({ ...report, files: "x" })).toBeNull();
    // A report kept before skip reasons had keys still reads (the web shows its English reason).
    const unkeyed = {
      ...report,
      files: report.files.map((f) => ({ ...f, skipped: f.skipped.map(({ what, count, reason }) => ({ what, count, reason })) })),
    };
    expect(storedImportReport(unkeyed)).toEqual(unkeyed);
    expect(
      storedImportReport({ ...report, files: [{ ...report.files[0], skipped: [{ what: "X", count: 1, reason: "r", key: "nope" }] }] }),
    ).toBeNull();
    // The chars counter is progress bookkeeping, not part of the report.
    expect(JSON.stringify(report)).not.toContain("1234");
  });
});

describe("an import with files it does not read", () => {
  test("an extra unrecognised file is listed as ignored with its reason, beside the files read", async () => {
    const r = await parseOk({ "upload.json": fixture("ehr-decision-mcq.example.json"), "notes to self.txt": "remember the milk\n" });
    expect(r.stats.ignored).toEqual([
      {
        name: "notes to self.txt",
        key: "content",
        reason: "neither its name nor its first record is that of a file of the ehr-decision-mcq-json layout",
        detail: { format: "ehr-decision-mcq-json" },
      },
    ]);
    expect(r.stats.files.map((f) => [f.name, f.readAs])).toEqual([["upload.json", "bundle"]]);
    const lines = importReportLines(importReport(r.stats));
    expect(lines).toContain(
      "    notes to self.txt: neither its name nor its first record is that of a file of the ehr-decision-mcq-json layout",
    );
    expect(lines[1]).toMatch(/^ {2}upload\.json → a JSON bundle: \d+ records$/);
  });

  test("a CSV of the release that is not one of its tables, and an empty file, each with its own reason", async () => {
    const release = chatQaRelease();
    const r = await parseOk({
      "questions.csv": release["questions.csv"]!,
      "notes.csv": release["notes.csv"]!,
      "data_dictionary.csv": "file,column,type,description\nnotes.csv,text,string,the note\n",
      "empty.jsonl": "",
    });
    expect(r.stats.ignored?.map((f) => [f.name, f.key, f.reason])).toEqual([
      [
        "data_dictionary.csv",
        "csvHeader",
        "a table whose header (file, column, type, description) is not that of any file of the ehrnote-chatqa-csv layout",
      ],
      ["empty.jsonl", "empty", "the file is empty"],
    ]);
    expect(r.stats.files.map((f) => [f.name, f.readAs])).toEqual([
      ["questions.csv", "questions"],
      ["notes.csv", "notes"],
    ]);
  });
});
