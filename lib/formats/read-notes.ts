// Readers for the notes family: notes-chatqa JSON bundle, EHRNote-ChatQA
// release CSVs, and EHRNoteQA JSONL (with an optional notes.csv).
import type { z } from "zod";
import { readBundle } from "./bundle-json";
import { csvTable } from "./csv-table";
import { issueAt, located, type Where } from "./issues";
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
  else ctx.log.add(located({ file: "notes.csv", field: "(file)" }, { code: "formats.missingNotesCsv" }));
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
  else ctx.log.add(located({ file: "questions.csv", field: "(file)" }, { code: "formats.missingQuestionsCsv" }));
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
    if (!entry.ok) ctx.log.add(issueAt(where, "(json)", entry.error.code, entry.error.values));
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
    if (over) ctx.log.add(issueAt(where, "subject_id", over.code, over.values));
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
