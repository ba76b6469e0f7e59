// EHRNote-ChatQA exactly as its release writer ships it, and what spreadsheets make of it:
// empty provenance accepted (stored as absent), content defects imported as findings (or
// refused in strict mode), structural and encoding/date problems refused, located.
import { describe, expect, test } from "vitest";
import { parseIssues, parseOk, parseTexts } from "./__fixtures__/helpers";
import { chatQaQuestionRows, chatQaRelease, windows1252 } from "./__fixtures__/notes-release";
import { normalizeOption } from "./findings";

const strip = (files: Record<string, string>) => ({ "notes.csv": files["notes.csv"]!, "questions.csv": files["questions.csv"]! });

describe("EHRNote-ChatQA release as written by multiturn_gpt_step5_release_tables.py", () => {
  test("empty note_id / note_seq / storetime are accepted and stored as absent", async () => {
    const r = await parseOk(chatQaRelease(), 97);
    expect(r.stats).toMatchObject({ format: "ehrnote-chatqa-csv", patients: 2, notes: 3, items: 2, turns: 8 });
    const note = r.dataset.patients[0]!.notes![0]!;
    expect(note).not.toHaveProperty("noteId");
    expect(note).not.toHaveProperty("noteSeq");
    expect(note.storetime).toBeNull();
    expect(note.hadmId).toBe(800001);
    expect(note.sections.map((s) => s.title)).toEqual(["Chief Complaint", "Brief Hospital Course", "Discharge Medications"]);
  });

  test("with provenance, note_id and note_seq are kept and checked", async () => {
    const r = await parseOk(chatQaRelease({ provenance: true }));
    expect(r.dataset.patients[1]!.notes![0]).toMatchObject({ noteId: "900002-DS-4", noteSeq: 4, storetime: "2151-01-21 08:00:00" });
  });

  test("content defects become findings, located, with the item they belong to", async () => {
    const r = await parseOk(chatQaRelease());
    expect(r.findings.total).toBe(3);
    expect(r.findings.list).toEqual([
      {
        kind: "duplicate_option",
        file: "questions.csv",
        line: 6,
        record: 5,
        field: "option_e",
        item: "900002:medication",
        message: "duplicate option: option_e same as option_a (duplicates the correct answer A: unscorable)",
        detail: { turnOrder: 1, turnType: "content", labels: ["A", "E"], gold: true, answer: "A", rule: "text" },
      },
      {
        kind: "empty_question",
        file: "questions.csv",
        line: 8,
        record: 7,
        field: "question",
        item: "900002:medication",
        message: "turn 3 has no question text",
        detail: { turnOrder: 3, turnType: "content" },
      },
      {
        kind: "missing_section",
        file: "questions.csv",
        line: 9,
        record: 8,
        field: "option_a",
        item: "900002:medication",
        message: 'the correct answer option_a cites "Discharge Instructions" in Note #1, which has no such section',
        detail: { turnOrder: 4, label: "A", noteNum: 1, headers: ["Discharge Instructions"] },
      },
    ]);
  });

  test("a duplicate that is not the gold, and source options citing the same evidence in another order", async () => {
    const rows = chatQaQuestionRows();
    rows[0] = { ...rows[0]!, option_c: "  klebsiella.. " }; // = option_b after the writer's normalisation
    rows[1] = { ...rows[1]!, option_e: "Note #1 Chartdate: 2150-03-02 Headers: Chief Complaint" }; // same text as option_b
    const r = await parseOk(strip(chatQaRelease({ questions: rows })));
    const dups = r.findings.list.filter((f) => f.kind === "duplicate_option" && f.item === "900001:microbiology");
    expect(dups.map((f) => [f.line, f.field, f.detail.labels, f.detail.gold])).toEqual([
      [2, "option_c", ["B", "C"], false],
      [3, "option_e", ["B", "E"], false],
    ]);
  });

  test("strict mode refuses the same defects as located issues, and nothing is accepted", async () => {
    const r = await parseTexts(chatQaRelease(), 64, { strict: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => [i.file, i.line, i.field])).toEqual([
      ["questions.csv", 6, "option_e"],
      ["questions.csv", 8, "question"],
      ["questions.csv", 9, "option_a"],
    ]);
    expect(r.issues[0]!.message).toMatch(/^duplicate option: .*refused in strict mode\)$/);
  });

  test("structural errors still refuse the file: unknown turn type, missing gold, broken CSV", async () => {
    const rows = chatQaQuestionRows();
    rows[2] = { ...rows[2]!, turn_type: "followup" };
    rows[3] = { ...rows[3]!, correct_answer: "" };
    const issues = await parseIssues(strip(chatQaRelease({ questions: rows })));
    expect(issues.map((i) => [i.line, i.field])).toEqual(
      expect.arrayContaining([
        [4, "turn_type"],
        [5, "correct_answer"],
      ]),
    );
    const broken = chatQaRelease();
    const cut = broken["notes.csv"]!.lastIndexOf('"');
    expect(await parseIssues({ ...strip(broken), "notes.csv": broken["notes.csv"]!.slice(0, cut) })).toContainEqual(
      expect.objectContaining({ file: "notes.csv", field: "(csv)", message: "unterminated quoted field (missing closing quote)" }),
    );
  });
});

describe("spreadsheet variants of the release", () => {
  test("UTF-8 BOM + CRLF (Excel's CSV UTF-8) reads the same records", async () => {
    const plain = await parseOk(strip(chatQaRelease()));
    const excel = await parseOk(strip(chatQaRelease({ bom: true, eol: "\r\n" })), 13);
    expect(excel.stats).toMatchObject({ patients: 2, notes: 3, items: 2, turns: 8 });
    expect(excel.findings.list.map((f) => [f.kind, f.line])).toEqual(plain.findings.list.map((f) => [f.kind, f.line]));
    expect(excel.dataset.items).toEqual(plain.dataset.items);
  });

  test("every field quoted (QUOTE_ALL) reads the same records", async () => {
    const plain = await parseOk(strip(chatQaRelease()));
    const quoted = await parseOk(strip(chatQaRelease({ quoteAll: true })));
    expect(quoted.dataset).toEqual(plain.dataset);
    expect(quoted.findings).toEqual(plain.findings);
  });

  test("Windows-1252 bytes: a located encoding error", async () => {
    const files = strip(chatQaRelease());
    const notes = files["notes.csv"]!.replace("fever, chills", "fièvre – frissons");
    const decoded = new TextDecoder("utf-8").decode(windows1252(notes)); // what a UTF-8 reader makes of it
    const issues = await parseIssues({ ...files, "notes.csv": decoded });
    expect(issues).toContainEqual({
      file: "notes.csv",
      line: 5,
      field: "(encoding)",
      message: "invalid UTF-8 (replacement character U+FFFD): save the file as UTF-8",
    });
  });

  test("US-style dates (03/02/2150): a located date error", async () => {
    const files = strip(chatQaRelease());
    const issues = await parseIssues({ ...files, "notes.csv": files["notes.csv"]!.replace(",2150-03-02,", ",03/02/2150,") });
    expect(issues).toEqual([
      { file: "notes.csv", line: 2, record: 1, field: "chartdate", message: 'malformed date: "03/02/2150"; expected YYYY-MM-DD' },
    ]);
  });
});

test("options are compared as the release writer compares them", () => {
  expect(normalizeOption("  Metoprolol\t 50 mg.. ")).toBe("metoprolol 50 mg");
  expect(normalizeOption("E. coli")).toBe("e. coli");
  expect(normalizeOption("E. coli.")).toBe(normalizeOption("e.  COLI"));
});
