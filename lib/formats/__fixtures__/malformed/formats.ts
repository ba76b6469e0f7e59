// One malformed case per call, for each import layout: pick a valid base, then either a
// record-level mutation (located through the layout) or a textual one.
import fc from "fast-check";
import { BASE_COUNT, ehrBase, ehrNoteQaRows, noteRows, notesBase, NOTES_COLUMNS, questionRows, QUESTION_COLUMNS, type Rec } from "./bases";
import { NothingToPick, pick, type Case, type Gen, type Target } from "./case";
import { EHR_HEADER_FIELDS, EHR_MUTATIONS } from "./ehr";
import { bundleModel, targetCase, type FileModel } from "./files";
import { NOTES_BUNDLE_MUTATIONS, NOTES_HEADER_FIELDS } from "./notes-bundle";
import { CHATQA_MUTATIONS, EHRNOTEQA_MUTATIONS } from "./notes-tables";
import { textCase } from "./text";
import { breakField, type FieldSpec } from "./values";

type Mutations<B> = Record<string, (b: B, g: Gen) => Target | undefined>;

/** The table-driven mutations cover every field: they get a third of the record-level draws. */
const BY_FIELD = ["wrong type or value", "required field dropped"];

/** A record-level mutation (three times in four) or a textual one of the rendered files. */
function mutate<B>(g: Gen, label: string, base: B, mutations: Mutations<B>, models: (b: B) => FileModel[]): Case | undefined {
  if (g(fc.nat, { max: 3 }) === 0) return textCase(g, models(base), label);
  const names = Object.keys(mutations);
  const name =
    g(fc.nat, { max: 2 }) === 0
      ? pick(
          g,
          names.filter((n) => BY_FIELD.includes(n)),
        )
      : pick(g, names);
  const target = mutations[name]!(base, g);
  return target && targetCase(`${label}: ${name}`, models(base), target);
}

/** A bundle is its own base (the records are its arrays); its top level gets one more mutation. */
function withHeader<B extends Rec>(mutations: Mutations<B>, fields: FieldSpec[]): Mutations<B> {
  return { ...mutations, "wrong header field": (b, g) => breakField(g, fields, { "": [b] }) };
}

export const FORMATS: Record<string, (g: Gen) => Case | undefined> = {
  "ehr-decision-mcq JSON bundle": (g) => {
    const { header, patients, instances } = ehrBase(g(fc.nat, { max: BASE_COUNT - 1 }));
    return mutate(g, "ehr bundle", { ...header, patients, instances }, withHeader(EHR_MUTATIONS, EHR_HEADER_FIELDS), (root) => [
      bundleModel(g, "ehr-decision-mcq.json", root),
    ]);
  },
  "ehr-decision-mcq JSONL pair": (g) =>
    mutate(g, "ehr jsonl", ehrBase(g(fc.nat, { max: BASE_COUNT - 1 })), EHR_MUTATIONS, (b) => [
      { kind: "jsonl", name: "patients.jsonl", role: "patients", records: b.patients },
      { kind: "jsonl", name: "instances.jsonl", role: "instances", records: b.instances },
    ]),
  "notes-chatqa JSON bundle": (g) => {
    const { header, patients, conversations } = notesBase(g(fc.nat, { max: BASE_COUNT - 1 }));
    return mutate(
      g,
      "notes bundle",
      { ...header, patients, conversations },
      withHeader(NOTES_BUNDLE_MUTATIONS, NOTES_HEADER_FIELDS),
      (root) => [bundleModel(g, "notes-chatqa.json", root)],
    );
  },
  "EHRNote-ChatQA CSV pair": (g) => {
    const base = notesBase(g(fc.nat, { max: BASE_COUNT - 1 }));
    const tables = { notes: noteRows(base), questions: questionRows(base) };
    return mutate(g, "chatqa csv", tables, CHATQA_MUTATIONS, (t) => [
      { kind: "csv", name: "notes.csv", role: "notes", columns: NOTES_COLUMNS, rows: t.notes },
      { kind: "csv", name: "questions.csv", role: "questions", columns: QUESTION_COLUMNS, rows: t.questions },
    ]);
  },
  "EHRNoteQA JSONL": (g) => {
    const base = notesBase(g(fc.nat, { max: BASE_COUNT - 1 }));
    const rows = { ehrnoteqa: ehrNoteQaRows(base), withNotes: g(fc.boolean), notes: noteRows(base) };
    return mutate(g, `ehrnoteqa${rows.withNotes ? " + notes.csv" : ""}`, rows, EHRNOTEQA_MUTATIONS, (t) => [
      { kind: "jsonl", name: "EHRNoteQA.jsonl", role: "ehrnoteqa", records: t.ehrnoteqa, detectedByFirstLine: true },
      ...(t.withNotes ? [{ kind: "csv", name: "notes.csv", role: "notes", columns: NOTES_COLUMNS, rows: t.notes } as const] : []),
    ]);
  },
};

/** A case of `format`, or undefined when the drawn mutation does not apply to the drawn base. */
export function buildCase(format: string, g: Gen): Case | undefined {
  try {
    return FORMATS[format]!(g);
  } catch (e) {
    if (e instanceof NothingToPick) return undefined;
    throw e;
  }
}
