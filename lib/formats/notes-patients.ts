// The patients' side of the notes family's validation (validate-notes.ts): patients and their
// notes as they arrive, checked on arrival (duplicate note numbers and ids, the id pattern, an
// EHRNoteQA patient's later rows carrying the same notes), and the compact state the questions'
// rules read: per patient its note numbers, dates and headers (what a source option may cite).
// `note_num` gaps are checked once every note is in (`checkNoteNumbers`).
import { digest, type noteColumns, noteFromColumn } from "./ehrnoteqa";
import { firstAt, type IssueLog, issueAt, reportZod, type Where } from "./issues";
import { noteFromWire, type NoteFields } from "./map-notes";
import type { Note, Patient } from "./model";
import { pickExtra } from "./primitives";
import { noteSchema, notesPatientSchema } from "./schema-notes";
import { noteHeaderKeys } from "./sections";

export interface PatientEntry {
  where: Where;
  patient?: Patient; // undefined: record invalid, references to it are not re-reported
  noteDates: Map<number, string>;
  /** noteHeaderKeys per accepted note: what source options may cite. */
  noteHeaders: Map<number, Set<string>>;
  /** EHRNoteQA preprocessed rows: digest of each note_k, so a patient's later rows must agree. */
  columnDigests?: Map<number, string>;
  /** Accepted notes (patient.notes holds them only when retaining). */
  noteCount: number;
  noteWhere: Where | undefined;
  numNotesWhere?: Where;
  /** Some note row was rejected: the numbering check would only echo that. */
  noteRejected?: boolean;
}

/** The patients' side of the notes family's cross-record rules, as `patientsState()` hands it out. */
export interface NotesPatientsState {
  kind: "notes";
  patients: Map<string, PatientEntry>;
  noteIds: Map<string, Where>;
  noteCount: number;
  patientCount: number;
}

/** A preprocessed EHRNoteQA row's note_1 … note_n. */
type NoteColumns = ReturnType<typeof noteColumns>;

export const NOTE_KEYS = Object.keys(noteSchema.shape);

/** A bundle patient without its notes (they are added one by one). */
export function bundlePatientFromWire(id: string, raw: { notes?: unknown }): Patient {
  const patient: Patient = { patientId: id };
  if (raw.notes) patient.notes = [];
  const extra = pickExtra(raw, ["subject_id", "notes"]);
  if (extra) patient.extra = extra;
  return patient;
}

export class NotesPatients {
  /** Accepted patients in first-seen order; filled only when retaining. */
  readonly patients: Patient[] = [];
  private readonly byPatient = new Map<string, PatientEntry>();
  private readonly noteIds = new Map<string, Where>();
  noteCount = 0;
  patientCount = 0;

  /**
   * `fromQuestions`: EHRNoteQA without notes.csv, where questions define the patients;
   * `notesJoined`: their notes come from a discharge.csv given beside (each patient gets notes).
   */
  constructor(
    private readonly log: IssueLog,
    private readonly retain: boolean,
    readonly fromQuestions: boolean,
    private readonly notesJoined: boolean,
  ) {}

  state(): NotesPatientsState {
    const { byPatient: patients, noteIds, noteCount, patientCount } = this;
    return { kind: "notes", patients, noteIds, noteCount, patientCount };
  }

  restore(state: NotesPatientsState): void {
    for (const [id, entry] of state.patients) this.byPatient.set(id, entry);
    for (const [id, where] of state.noteIds) this.noteIds.set(id, where);
    this.noteCount = state.noteCount;
    this.patientCount = state.patientCount;
  }

  get size(): number {
    return this.byPatient.size;
  }

  get(id: string): PatientEntry | undefined {
    return this.byPatient.get(id);
  }

  entries(): Iterable<PatientEntry> {
    return this.byPatient.values();
  }

  private add(id: string, where: Where, noteWhere: Where | undefined, patient?: Patient): PatientEntry {
    const entry: PatientEntry = { where, noteDates: new Map(), noteHeaders: new Map(), noteCount: 0, noteWhere };
    this.byPatient.set(id, entry);
    if (patient) {
      entry.patient = patient;
      this.accept(entry);
    }
    return entry;
  }

  private accept(entry: PatientEntry): void {
    this.patientCount++;
    if (this.retain) this.patients.push(entry.patient as Patient);
  }

  addBundlePatient(raw: unknown, where: Where): void {
    const parsed = notesPatientSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) reportZod(this.log, where, parsed.error);
    const rawId = (raw as { subject_id?: unknown } | null)?.subject_id;
    const id = parsed.success ? String(parsed.data.subject_id) : typeof rawId === "number" ? String(rawId) : undefined;
    if (id === undefined) return;
    if (this.byPatient.has(id)) {
      const first = this.byPatient.get(id) as PatientEntry;
      this.log.add(issueAt(where, "subject_id", "formats.duplicateSubjectId", { id, ...firstAt(first.where) }));
      return;
    }
    const entry = this.add(id, where, where);
    if (!parsed.success) return;
    entry.patient = bundlePatientFromWire(id, parsed.data);
    this.accept(entry);
    parsed.data.notes?.forEach((n, k) => this.addNote(entry, n, pickExtra(n, NOTE_KEYS), where, `notes[${k}].`));
  }

  addNoteRow(row: NoteFields & { subject_id: number }, extra: Record<string, unknown> | undefined, where: Where): void {
    const id = String(row.subject_id);
    const entry = this.byPatient.get(id) ?? this.add(id, where, where, { patientId: id, notes: [] });
    this.addNote(entry, row, extra, where, "");
  }

  /**
   * A notes.csv row was rejected: remember its patient and note number (when
   * readable) so questions citing it are not also reported as unknown.
   */
  markRejectedNote(subjectId: string | undefined, noteNum: string | undefined): void {
    const id = subjectId?.trim() ?? "";
    if (!/^\d+$/.test(id)) return;
    const entry = this.byPatient.get(id) ?? this.add(id, { file: "", path: "" }, undefined, { patientId: id, notes: [] });
    entry.noteRejected = true;
    const n = noteNum?.trim() ?? "";
    if (/^\d+$/.test(n) && !entry.noteDates.has(Number(n))) entry.noteDates.set(Number(n), "");
  }

  private addNote(
    entry: PatientEntry,
    raw: NoteFields | Note,
    extra: Record<string, unknown> | undefined,
    where: Where,
    prefix: string,
  ): void {
    const note: Note = "noteNum" in raw ? raw : noteFromWire(raw, extra);
    const patient = entry.patient as Patient;
    // note_id / note_seq are provenance the release may leave empty: checked where given.
    const idDup = note.noteId === undefined ? undefined : this.noteIds.get(note.noteId);
    if (entry.noteDates.has(note.noteNum) || idDup) entry.noteRejected = true;
    if (entry.noteDates.has(note.noteNum)) {
      this.log.add(
        issueAt(where, `${prefix}note_num`, "formats.duplicateNoteNum", { num: String(note.noteNum), patient: patient.patientId }),
      );
      return;
    }
    if (idDup) {
      this.log.add(issueAt(where, `${prefix}note_id`, "formats.duplicateNoteId", { id: JSON.stringify(note.noteId), ...firstAt(idDup) }));
      return;
    }
    if (note.noteId !== undefined && note.noteSeq !== undefined) {
      const expected = `${patient.patientId}-DS-${note.noteSeq}`;
      if (note.noteId !== expected)
        this.log.add(issueAt(where, `${prefix}note_id`, "formats.noteIdPattern", { id: JSON.stringify(note.noteId), expected }));
    }
    if (note.noteId !== undefined) this.noteIds.set(note.noteId, where);
    entry.noteDates.set(note.noteNum, note.chartdate);
    entry.noteHeaders.set(note.noteNum, noteHeaderKeys(note.text, note.sections));
    patient.notes ??= [];
    if (this.retain) patient.notes.push(note);
    entry.noteCount++;
    this.noteCount++;
  }

  /**
   * The patient of an EHRNoteQA row: made from the row when the questions define the patients
   * (with its note_1 … note_n, if preprocessed), else the one the notes gave; `num_notes` and the
   * note columns of a patient's later rows must agree with the first.
   */
  addEhrNoteQaPatient(id: string, numNotes: number, columns: NoteColumns, where: Where): void {
    let entry = this.byPatient.get(id);
    if (!entry && this.fromQuestions) {
      const withNotes = this.notesJoined || columns.length > 0;
      entry = this.add(id, where, withNotes ? where : undefined, withNotes ? { patientId: id, notes: [] } : { patientId: id });
      if (columns.length > 0) this.addColumnNotes(entry, columns, where);
    } else if (entry?.columnDigests) this.checkColumnNotes(entry, columns, where);
    const patient = entry?.patient;
    if (!entry || !patient) return;
    if (patient.numNotes === undefined) {
      patient.numNotes = numNotes;
      entry.numNotesWhere = where;
    } else if (patient.numNotes !== numNotes)
      this.log.add(
        issueAt(where, "num_notes", "formats.numNotesDisagrees", {
          given: String(numNotes),
          earlier: String(patient.numNotes),
          patient: id,
          ...firstAt(entry.numNotesWhere ?? where),
        }),
      );
  }

  /** A preprocessed row's note_1 … note_n: the patient's notes ("" = none, as preprocess.py writes). */
  private addColumnNotes(entry: PatientEntry, columns: NoteColumns, where: Where): void {
    entry.columnDigests = new Map();
    for (const c of columns) {
      entry.columnDigests.set(c.noteNum, digest(c.text));
      if (c.text.trim() !== "") this.addNote(entry, noteFromColumn(c.noteNum, c.text), undefined, where, `${c.key}.`);
    }
  }

  /** A patient's later rows must carry the same notes (they are stored once). */
  private checkColumnNotes(entry: PatientEntry, columns: NoteColumns, where: Where): void {
    const given = entry.columnDigests as Map<number, string>;
    for (const c of columns)
      if (given.get(c.noteNum) !== digest(c.text))
        this.log.add(
          issueAt(where, c.key, "formats.noteColumnDiffers", {
            column: c.key,
            patient: String(entry.patient?.patientId),
            ...firstAt(entry.where),
          }),
        );
  }

  /** EHRNoteQA + discharge.csv: the notes preprocess.py would join, for a patient of the release. */
  addJoinedNotes(patientId: string, notes: readonly { note: Note; where: Where }[]): void {
    const entry = this.byPatient.get(patientId);
    if (!entry?.patient) return;
    for (const { note, where } of notes) this.addNote(entry, note, undefined, where, "");
  }

  /** note_num must run 1..n without gaps (the release numbers notes per patient). */
  checkNoteNumbers(entry: PatientEntry): void {
    const nums = [...entry.noteDates.keys()].sort((a, b) => a - b);
    if (nums.length === 0 || !entry.noteWhere || entry.noteRejected || nums.every((n, k) => n === k + 1)) return;
    const field = entry.noteWhere.path === "" ? "note_num" : "notes";
    this.log.add(
      issueAt(entry.noteWhere, field, "formats.noteNumGaps", {
        patient: entry.patient?.patientId ?? "?",
        nums: nums.join(", "),
        count: String(nums.length),
      }),
    );
  }
}
