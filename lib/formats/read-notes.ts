// Readers for the notes family: notes-chatqa JSON bundle, EHRNote-ChatQA
// release CSVs, and EHRNoteQA JSONL (with an optional notes.csv).
import type { z } from "zod";
import { readBundle } from "./bundle-json";
import { parseCsv } from "./csv";
import { issueAt, reportZod, type Where } from "./issues";
import { DischargeJoin } from "./ehrnoteqa";
import { readJsonl } from "./jsonl";
import type { FormatId } from "./model";
import type { NamedChunks, ReadContext, ReadCounts, ReadResult } from "./read-ehr";
import { pickExtra } from "./primitives";
import {
  DISCHARGE_CSV_COLUMNS,
  dischargeCsvRowSchema,
  notesBundleSchema,
  NOTES_CSV_COLUMNS,
  notesCsvRowSchema,
  QUESTIONS_CSV_COLUMNS,
  questionsCsvRowSchema,
} from "./schema-notes";
import { notesBuilder, patientsRead } from "./parts-phase";
import { NotesDatasetBuilder } from "./validate-notes";

export async function readNotesJsonBundle(file: NamedChunks, ctx: ReadContext): Promise<ReadResult | undefined> {
  const builder = notesBuilder(ctx);
  const read = await readBundle(file, ctx, notesBundleSchema, {
    patients: (p, where) => builder.addBundlePatient(p, where),
    conversations: (c, where) => builder.addBundleConversation(c, where),
  });
  if (!read) return undefined;
  const { root, head } = read;
  // A digest's bundle has no conversations (parts-phase.ts): the patients are all read here.
  patientsRead(ctx, builder);
  const items = builder.finish();
  await read.locate();
  if (!head.success) return undefined;
  const extra = pickExtra(root, ["format", "format_version", "dataset", "patients", "conversations"]);
  return {
    dataset: {
      family: "notes-chatqa",
      format: "notes-chatqa-json",
      formatVersion: head.data.format_version,
      meta: head.data.dataset,
      patients: builder.patients,
      items,
      ...(extra ? { extra } : {}),
    },
    counts: notesCounts(builder),
  };
}

const notesCounts = (b: NotesDatasetBuilder): ReadCounts => ({
  patients: b.patientCount,
  events: 0,
  notes: b.noteCount,
  items: b.plan.conversations.size,
  turns: b.turnCount,
});

export type CsvTableRow<T> =
  | { ok: true; row: T; extra: Record<string, string> | undefined; where: Where }
  | { ok: false; cells: Record<string, string> };

/**
 * Streams a CSV table with a required header. Each row is checked against
 * `schema` (columns by name; unknown columns are kept as extras) and yielded,
 * or yielded as rejected (with its raw cells) after its issues were logged.
 */
export async function* csvTable<S extends z.ZodType>(
  file: NamedChunks,
  columns: readonly string[],
  schema: S,
  ctx: ReadContext,
): AsyncGenerator<CsvTableRow<z.output<S>>> {
  let header: string[] | undefined;
  let record = 0;
  for await (const rec of parseCsv(ctx.progress.wrap(file.name, file.chunks))) {
    if (!header) {
      header = rec.fields.map((h) => h.trim());
      const seen = new Set<string>();
      for (const h of header) {
        if (seen.has(h))
          ctx.log.add({ file: file.name, line: rec.line, field: "(header)", message: `duplicate column ${JSON.stringify(h)}` });
        seen.add(h);
      }
      const missing = columns.filter((c) => !seen.has(c));
      if (missing.length > 0) {
        ctx.log.add({ file: file.name, line: rec.line, field: "(header)", message: `missing column(s): ${missing.join(", ")}` });
        return;
      }
      continue;
    }
    record++;
    ctx.progress.record(file.name);
    const where: Where = { file: file.name, line: rec.line, record, path: "" };
    for (const p of rec.problems ?? []) ctx.log.add(issueAt(where, "(csv)", p));
    const obj: Record<string, string> = {};
    let extra: Record<string, string> | undefined;
    header.forEach((h, k) => {
      const v = rec.fields[k] ?? "";
      if (columns.includes(h)) obj[h] = v;
      else (extra ??= {})[h] = v;
    });
    if (rec.fields.length !== header.length) {
      // Misaligned cells would produce a cascade of misleading column errors.
      ctx.log.add(issueAt(where, "(csv)", `record has ${rec.fields.length} fields, header has ${header.length}`));
      yield { ok: false, cells: obj };
      continue;
    }
    const parsed = schema.safeParse(obj, { reportInput: true });
    if (parsed.success) yield { ok: true, row: parsed.data, extra, where };
    else {
      reportZod(ctx.log, where, parsed.error);
      yield { ok: false, cells: obj };
    }
  }
  if (!header) ctx.log.add({ file: file.name, line: 1, field: "(header)", message: "empty file: expected a header row" });
  ctx.progress.done(file.name);
}

async function readCsvTable<S extends z.ZodType>(
  file: NamedChunks,
  columns: readonly string[],
  schema: S,
  ctx: ReadContext,
  onRow: (row: z.output<S>, extra: Record<string, string> | undefined, where: Where) => void,
  onRejected?: (cells: Record<string, string>) => void,
): Promise<void> {
  for await (const r of csvTable(file, columns, schema, ctx)) {
    if (r.ok) onRow(r.row, r.extra, r.where);
    else onRejected?.(r.cells);
  }
}

function readNotesCsv(file: NamedChunks, builder: NotesDatasetBuilder, ctx: ReadContext): Promise<void> {
  return readCsvTable(
    file,
    NOTES_CSV_COLUMNS,
    notesCsvRowSchema,
    ctx,
    (row, extra, where) => builder.addNoteRow(row, extra, where),
    (cells) => builder.markRejectedNote(cells.subject_id, cells.note_num),
  );
}

/** EHRNote-ChatQA release: notes.csv is read first so questions can be checked against it. */
export async function readChatQaCsv(
  notes: NamedChunks | undefined,
  questions: NamedChunks | undefined,
  ctx: ReadContext,
): Promise<ReadResult | undefined> {
  const builder = notesBuilder(ctx);
  if (notes) await readNotesCsv(notes, builder, ctx);
  else ctx.log.add({ file: "notes.csv", field: "(file)", message: "missing notes.csv: questions cannot be checked against notes" });
  patientsRead(ctx, builder);
  if (questions)
    await readCsvTable(
      questions,
      QUESTIONS_CSV_COLUMNS,
      questionsCsvRowSchema,
      ctx,
      (row, extra, where) => builder.addQuestionRow(row, extra, where),
      (cells) => builder.markIncomplete(cells.subject_id, cells.qa_category),
    );
  else ctx.log.add({ file: "questions.csv", field: "(file)", message: "missing questions.csv" });
  const items = builder.finish();
  if (!notes || !questions) return undefined;
  return dataset("ehrnote-chatqa-csv", builder, items);
}

/**
 * EHRNoteQA: one JSONL of single-turn questions, raw or preprocessed (note_1 … note_n).
 * Notes may also come from a notes.csv, or from MIMIC-IV-Note's discharge.csv(.gz), joined
 * after the questions (they say which patients' rows to keep).
 */
export async function readEhrNoteQa(
  questions: NamedChunks,
  notes: NamedChunks | undefined,
  ctx: ReadContext,
  discharge?: NamedChunks,
): Promise<ReadResult | undefined> {
  const builder = new NotesDatasetBuilder(ctx.log, notes === undefined, ctx.retain, ctx.findings, discharge !== undefined);
  if (notes) await readNotesCsv(notes, builder, ctx);
  for await (const entry of readJsonl(ctx.progress.wrap(questions.name, questions.chunks))) {
    ctx.progress.record(questions.name);
    const where: Where = { file: questions.name, line: entry.line, record: entry.record, path: "" };
    if (!entry.ok) ctx.log.add(issueAt(where, "(json)", entry.error));
    else builder.addEhrNoteQaRow(entry.value, where);
  }
  ctx.progress.done(questions.name);
  if (discharge) await readDischarge(discharge, builder, ctx);
  const items = builder.finish();
  return dataset("ehrnoteqa-jsonl", builder, items);
}

/** The release's patients' discharge rows, joined as preprocess.py joins them. */
async function readDischarge(file: NamedChunks, builder: NotesDatasetBuilder, ctx: ReadContext): Promise<void> {
  const join = new DischargeJoin((id) => builder.hasPatient(id));
  await readCsvTable(file, DISCHARGE_CSV_COLUMNS, dischargeCsvRowSchema, ctx, (row, _extra, where) => {
    const over = join.add(row, where);
    if (over) ctx.log.add(issueAt(where, "subject_id", over));
  });
  for (const { patientId, notes } of join.notes()) builder.addJoinedNotes(patientId, notes);
}

function dataset(format: FormatId, builder: NotesDatasetBuilder, items: ReturnType<NotesDatasetBuilder["finish"]>): ReadResult {
  return {
    dataset: { family: "notes-chatqa", format, meta: {}, patients: builder.patients, items },
    counts: notesCounts(builder),
    plan: builder.plan,
  };
}
