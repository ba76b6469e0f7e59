// notes.csv + questions.csv as spreadsheets save them: read as pandas would read them, with what
// was done reported per file, and what is still refused refused with its cause named.
import { describe, expect, test } from "vitest";
import { parseIssues, parseOk } from "./__fixtures__/helpers";
import { chatQaNotesRows, chatQaQuestionRows, chatQaRelease, NOTES_COLUMNS, QUESTIONS_COLUMNS } from "./__fixtures__/notes-release";
import { excelSave, type SpreadsheetSave, unicodeTextAsUtf8 } from "./__fixtures__/spreadsheet";

type Row = Record<string, string | number>;
const table = (columns: readonly string[], rows: readonly Row[]) => [columns, ...rows.map((r) => columns.map((c) => String(r[c] ?? "")))];
const notesRows = (columns = NOTES_COLUMNS) => [columns, ...table(NOTES_COLUMNS, chatQaNotesRows(false)).slice(1)];
const questionsRows = () => table(QUESTIONS_COLUMNS, chatQaQuestionRows());

function excel(options: SpreadsheetSave, notesHeader?: string[]) {
  return { "notes.csv": excelSave(notesRows(notesHeader), options), "questions.csv": excelSave(questionsRows(), options) };
}

async function plain() {
  const r = chatQaRelease();
  return (await parseOk({ "notes.csv": r["notes.csv"]!, "questions.csv": r["questions.csv"]! })).dataset;
}

const notesOf = (stats: { files: { name: string; notes?: { key: string; message: string }[] }[] }, file: string) =>
  stats.files.find((f) => f.name === file)?.notes?.map((n) => [n.key, n.message]) ?? [];

describe("tables as spreadsheets save them", () => {
  test("European Excel: ';' separated, CRLF, BOM — same records, the separator reported", async () => {
    const r = await parseOk(excel({ separator: ";", bom: true }), 11);
    expect(r.dataset).toEqual(await plain());
    expect(notesOf(r.stats, "notes.csv")).toEqual([["delimiter", 'columns separated by ";" (read from the header line)']]);
  });

  test("Excel's trailing empty columns (a,b,,) are ignored, not a duplicate column", async () => {
    const r = await parseOk(excel({ emptyColumns: 2 }));
    expect(r.dataset).toEqual(await plain());
    expect(notesOf(r.stats, "questions.csv")).toEqual([["emptyColumns", "2 empty column(s) at the end of the header ignored"]]);
  });

  test("a tab-separated save", async () => {
    expect((await parseOk(excel({ separator: "\t" }))).dataset).toEqual(await plain());
  });

  test("header names typed by hand match case-, space- and _/-insensitively, the mapping reported", async () => {
    const header = ["Subject ID", "note-num", ...NOTES_COLUMNS.slice(2, -1), " TEXT "];
    const r = await parseOk(excel({}, header));
    expect(r.dataset).toEqual(await plain());
    expect(notesOf(r.stats, "notes.csv")).toEqual([
      ["renamed", 'column "Subject ID" read as subject_id'],
      ["renamed", 'column "note-num" read as note_num'],
      ["renamed", 'column "TEXT" read as text'],
    ]);
  });
});

describe("what is still refused names its cause", () => {
  test("a second header row from two files joined (cat a.csv b.csv)", async () => {
    const q = excelSave(questionsRows());
    const [head, ...rest] = q.split("\r\n");
    const joined = [head, ...rest.slice(0, 4), head, ...rest.slice(4)].join("\r\n");
    const issues = await parseIssues({ "notes.csv": excelSave(notesRows()), "questions.csv": joined });
    expect(issues).toContainEqual({
      file: "questions.csv",
      line: 6,
      record: 5,
      field: "(header)",
      message: "a second header row at line 6 (the header is line 1): were two files joined? Remove it",
    });
  });

  test("UTF-16 (Excel's Unicode Text)", async () => {
    const issues = await parseIssues({ "notes.csv": unicodeTextAsUtf8(notesRows()), "questions.csv": excelSave(questionsRows()) });
    const encoding = issues.filter((i) => i.field === "(encoding)").map((i) => [i.file, i.line, i.message]);
    expect(encoding[0]).toEqual(["notes.csv", 1, "this file is UTF-16; save it as UTF-8 (CSV UTF-8)"]);
  });

  test("an unknown header name with the column it was probably meant to be", async () => {
    const issues = await parseIssues(excel({}, ["subjectid", "note_nmu", ...NOTES_COLUMNS.slice(2)]));
    expect(issues[0]).toEqual({
      file: "notes.csv",
      line: 1,
      field: "(header)",
      message:
        'missing column(s): subject_id, note_num ("subjectid" in the header: did you mean subject_id?; "note_nmu" in the header: did you mean note_num?)',
    });
  });
});
