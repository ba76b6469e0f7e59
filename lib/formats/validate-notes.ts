// Record-by-record validation and accumulation for the notes family, shared by
// the notes-chatqa bundle, the EHRNote-ChatQA CSVs and EHRNoteQA JSONL.
// Per-record rules run on arrival; turn order, unknown patients and
// "Note #N exists" run in finish() because questions may precede notes.
// Cross-record rules read only compact state (note numbers and dates, turn
// numbering, source options), so with `retain: false` note texts and turn
// texts are dropped once checked and the issues are the same as a full parse.
import { digest, EHRNOTEQA_KEYS, ehrNoteQaExtra, ehrNoteQaTurn, noteColumns, noteFromColumn } from "./ehrnoteqa";
export { EHRNOTEQA_KEYS, ehrNoteQaExtra, ehrNoteQaTurn };
import { FindingLog } from "./findings";
import { firstAt, type IssueLog, issueAt, reportZod, type Where } from "./issues";
import { goldSourcesOf, noteFromWire, turnFromWire, type NoteFields } from "./map-notes";
import type { Conversation, Note, Patient, Turn } from "./model";
import { pickExtra } from "./primitives";
import { conversationSchema, ehrNoteQaRowSchema, noteSchema, notesPatientSchema, turnSchema, type QuestionsCsvRow } from "./schema-notes";
import { noteHeaderKeys } from "./sections";
import { sourceKey } from "./source-option";
import { checkNoteRefs, checkTurn, checkTurnSequence, EHRNOTEQA_FIELDS, type LocatedTurn } from "./validate-turns";

interface PatientEntry {
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

interface ConversationEntry {
  conversation: Conversation;
  where: Where;
  turns: LocatedTurn[];
  singleTurn: boolean; // EHRNoteQA: one content turn by design, no source turn
  incomplete: boolean; // some turn failed validation: sequence checks would only echo that
}

export const TURN_KEYS = Object.keys(turnSchema.shape);
export const NOTE_KEYS = Object.keys(noteSchema.shape);
const newEntry = (where: Where, noteWhere: Where | undefined, patient?: Patient): PatientEntry => {
  const entry: PatientEntry = { where, noteDates: new Map(), noteHeaders: new Map(), noteCount: 0, noteWhere };
  if (patient) entry.patient = patient;
  return entry;
};

/** A bundle patient without its notes (they are added one by one). */
export function bundlePatientFromWire(id: string, raw: { notes?: unknown }): Patient {
  const patient: Patient = { patientId: id };
  if (raw.notes) patient.notes = [];
  const extra = pickExtra(raw, ["subject_id", "notes"]);
  if (extra) patient.extra = extra;
  return patient;
}

/** What pass 2 of a streamed import needs to rebuild items without re-validating. */
export interface NotesStreamPlan {
  /** Conversation id → first-seen position and turn count (CSV turns may be scattered). */
  conversations: Map<string, { position: number; turns: number }>;
  /** num_notes per patient (EHRNoteQA: known only after notes.csv was read). */
  numNotes: Map<string, number>;
}

/** The patients' side of the notes family's cross-record rules, as `patientsState()` hands it out. */
export interface NotesPatientsState {
  kind: "notes";
  patients: Map<string, PatientEntry>;
  noteIds: Map<string, Where>;
  noteCount: number;
  patientCount: number;
}

/** Content turns keep only their numbering; source turns also their options (for note references). */
const slim = (t: Turn): Turn =>
  ({
    turnOrder: t.turnOrder,
    turnIndex: t.turnIndex,
    turnType: t.turnType,
    question: "",
    options: t.turnType === "source" ? t.options : [],
    answer: t.answer,
  }) as Turn;

export class NotesDatasetBuilder {
  /** Accepted patients in first-seen order; filled only when retaining. */
  readonly patients: Patient[] = [];
  private readonly byPatient = new Map<string, PatientEntry>();
  private readonly noteIds = new Map<string, Where>();
  private readonly conversations = new Map<string, ConversationEntry>();
  private readonly pendingIncomplete = new Set<string>(); // rejected rows seen before their conversation
  noteCount = 0;
  patientCount = 0;
  turnCount = 0;
  readonly plan: NotesStreamPlan = { conversations: new Map(), numNotes: new Map() };

  private readonly findings: FindingLog;
  /** EHRNoteQA: the questions file, for dataset-level findings. */
  private questionsFile: string | undefined;

  /**
   * `patientsFromQuestions`: EHRNoteQA without notes.csv, where questions define the patients;
   * `notesJoined`: their notes come from a discharge.csv given beside (each patient gets notes).
   */
  constructor(
    private readonly log: IssueLog,
    private readonly patientsFromQuestions = false,
    private readonly retain = true,
    findings?: FindingLog,
    private readonly notesJoined = false,
  ) {
    this.findings = findings ?? new FindingLog(log);
  }

  /**
   * What the conversations' rules need from the patients and notes read so far
   * (lib/formats/parts-phase.ts): taken before any question, restored with `restorePatients`.
   */
  patientsState(): NotesPatientsState {
    if (this.conversations.size > 0 || this.pendingIncomplete.size > 0 || this.retain || this.patientsFromQuestions)
      throw new Error("patientsState: only before any question, without retained records");
    const { byPatient: patients, noteIds, noteCount, patientCount } = this;
    return { kind: "notes", patients, noteIds, noteCount, patientCount };
  }

  /** Continues from `patientsState()` (a fresh builder; the state is the builder's from then on). */
  restorePatients(state: NotesPatientsState): void {
    if (this.byPatient.size > 0 || this.conversations.size > 0 || this.retain)
      throw new Error("restorePatients: only into a fresh builder");
    for (const [id, entry] of state.patients) this.byPatient.set(id, entry);
    for (const [id, where] of state.noteIds) this.noteIds.set(id, where);
    this.noteCount = state.noteCount;
    this.patientCount = state.patientCount;
  }

  private newPatient(entry: PatientEntry): void {
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
    const entry = newEntry(where, where);
    this.byPatient.set(id, entry);
    if (!parsed.success) return;
    entry.patient = bundlePatientFromWire(id, parsed.data);
    this.newPatient(entry);
    parsed.data.notes?.forEach((n, k) => this.addNote(entry, n, pickExtra(n, NOTE_KEYS), where, `notes[${k}].`));
  }

  addNoteRow(row: NoteFields & { subject_id: number }, extra: Record<string, unknown> | undefined, where: Where): void {
    const id = String(row.subject_id);
    let entry = this.byPatient.get(id);
    if (!entry) {
      entry = newEntry(where, where, { patientId: id, notes: [] });
      this.byPatient.set(id, entry);
      this.newPatient(entry);
    }
    this.addNote(entry, row, extra, where, "");
  }

  /**
   * A notes.csv row was rejected: remember its patient and note number (when
   * readable) so questions citing it are not also reported as unknown.
   */
  markRejectedNote(subjectId: string | undefined, noteNum: string | undefined): void {
    const id = subjectId?.trim() ?? "";
    if (!/^\d+$/.test(id)) return;
    let entry = this.byPatient.get(id);
    if (!entry) {
      entry = newEntry({ file: "", path: "" }, undefined, { patientId: id, notes: [] });
      this.byPatient.set(id, entry);
      this.newPatient(entry);
    }
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

  addBundleConversation(raw: unknown, where: Where): void {
    const parsed = conversationSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) reportZod(this.log, where, parsed.error);
    const rawTurns = (raw as { turns?: unknown } | null)?.turns;
    const turns: LocatedTurn[] = [];
    const item = parsed.success ? `${parsed.data.subject_id}:${parsed.data.qa_category}` : "";
    let incomplete = false;
    (Array.isArray(rawTurns) ? rawTurns : []).forEach((t, k) => {
      const tw: Where = { ...where, path: `${where.path}.turns[${k}]` };
      const r = turnSchema.safeParse(t, { reportInput: true });
      if (!r.success) {
        incomplete = true;
        return reportZod(this.log, tw, r.error);
      }
      const turn = turnFromWire(r.data, pickExtra(r.data, TURN_KEYS));
      checkTurn(turn, tw, this.log, { findings: this.findings, item });
      if (r.data.gold_sources !== undefined) {
        const given = r.data.gold_sources.map((g) => ({ noteNum: g.note_num, headers: g.headers }));
        if (turn.turnType !== "source") this.log.add(issueAt(tw, "gold_sources", "formats.goldSourcesOnContent"));
        else if (sourceKey(given) !== sourceKey(goldSourcesOf(turn.options, turn.answer)))
          this.log.add(issueAt(tw, "gold_sources", "formats.goldSourcesMismatch", { answer: turn.answer }));
      }
      turns.push({ turn: this.keep(turn), where: tw });
    });
    if (!parsed.success) return;
    const extra = pickExtra(parsed.data, ["subject_id", "qa_category", "turns"]);
    this.addConversation(String(parsed.data.subject_id), parsed.data.qa_category, where, turns, extra);
    if (incomplete) this.markIncomplete(String(parsed.data.subject_id), parsed.data.qa_category);
  }

  /** A row of this conversation was rejected; `subject_id` / `qa_category` as far as they are readable. */
  markIncomplete(subjectId: unknown, qaCategory: unknown): void {
    const entry = this.conversations.get(`${String(subjectId).trim()}:${String(qaCategory)}`);
    if (entry) entry.incomplete = true;
    else this.pendingIncomplete.add(`${String(subjectId).trim()}:${String(qaCategory)}`);
  }

  addQuestionRow(row: QuestionsCsvRow, extra: Record<string, unknown> | undefined, where: Where): void {
    const full = turnFromWire(row, extra);
    const key = `${row.subject_id}:${row.qa_category}`;
    checkTurn(full, where, this.log, { findings: this.findings, item: key });
    const turn = this.keep(full);
    const entry = this.conversations.get(key);
    if (entry) entry.turns.push({ turn, where });
    else this.addConversation(String(row.subject_id), row.qa_category, where, [{ turn, where }], undefined);
  }

  private addConversation(
    patientId: string,
    qaCategory: string,
    where: Where,
    turns: LocatedTurn[],
    extra: Record<string, unknown> | undefined,
    id?: string,
  ): void {
    const conversationId = id ?? `${patientId}:${qaCategory}`;
    const first = this.conversations.get(conversationId);
    if (first) {
      this.log.add(
        issueAt(where, "qa_category", "formats.duplicateConversation", {
          patient: patientId,
          category: JSON.stringify(qaCategory),
          ...firstAt(first.where),
        }),
      );
      return;
    }
    const conversation: Conversation = { kind: "conversation", conversationId, patientId, qaCategory, turns: [] };
    if (extra) conversation.extra = extra;
    const incomplete = this.pendingIncomplete.has(conversationId);
    this.conversations.set(conversationId, { conversation, where, turns, singleTurn: id !== undefined, incomplete });
  }

  addEhrNoteQaRow(raw: unknown, where: Where): void {
    const parsed = ehrNoteQaRowSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) {
      reportZod(this.log, where, parsed.error);
      return;
    }
    this.questionsFile ??= where.file;
    const r = parsed.data;
    const id = String(r.patient_id);
    let n = 1;
    while (this.conversations.has(`${id}:q${n}`)) n++;
    const conversationId = `${id}:q${n}`;
    const turn = ehrNoteQaTurn(r);
    checkTurn(turn, where, this.log, { findings: this.findings, item: conversationId }, EHRNOTEQA_FIELDS);
    const columns = noteColumns(r);
    let entry = this.byPatient.get(id);
    if (!entry && this.patientsFromQuestions) {
      const withNotes = this.notesJoined || columns.length > 0;
      entry = newEntry(where, withNotes ? where : undefined, withNotes ? { patientId: id, notes: [] } : { patientId: id });
      this.byPatient.set(id, entry);
      this.newPatient(entry);
      if (columns.length > 0) this.addColumnNotes(entry, columns, where);
    } else if (entry?.columnDigests) this.checkColumnNotes(entry, columns, where);
    const patient = entry?.patient;
    if (entry && patient) {
      if (patient.numNotes === undefined) {
        patient.numNotes = r.num_notes;
        entry.numNotesWhere = where;
      } else if (patient.numNotes !== r.num_notes)
        this.log.add(
          issueAt(where, "num_notes", "formats.numNotesDisagrees", {
            given: String(r.num_notes),
            earlier: String(patient.numNotes),
            patient: id,
            ...firstAt(entry.numNotesWhere ?? where),
          }),
        );
    }
    this.addConversation(id, "", where, [{ turn: this.keep(turn), where }], ehrNoteQaExtra(r), conversationId);
  }

  /** A preprocessed row's note_1 … note_n: the patient's notes ("" = none, as preprocess.py writes). */
  private addColumnNotes(entry: PatientEntry, columns: ReturnType<typeof noteColumns>, where: Where): void {
    entry.columnDigests = new Map();
    for (const c of columns) {
      entry.columnDigests.set(c.noteNum, digest(c.text));
      if (c.text.trim() !== "") this.addNote(entry, noteFromColumn(c.noteNum, c.text), undefined, where, `${c.key}.`);
    }
  }

  /** A patient's later rows must carry the same notes (they are stored once). */
  private checkColumnNotes(entry: PatientEntry, columns: ReturnType<typeof noteColumns>, where: Where): void {
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

  /** Whether the questions name this patient (the discharge join keeps only those rows). */
  hasPatient(patientId: string): boolean {
    return this.byPatient.has(patientId);
  }

  private keep(turn: Turn): Turn {
    return this.retain ? turn : slim(turn);
  }

  /** Cross-record rules; returns the conversations in first-seen order (none unless retaining). */
  finish(): Conversation[] {
    for (const entry of this.byPatient.values()) {
      this.checkNoteNumbers(entry);
      if (entry.patient?.numNotes !== undefined) this.plan.numNotes.set(entry.patient.patientId, entry.patient.numNotes);
    }
    const out: Conversation[] = [];
    for (const { conversation, where, turns, singleTurn, incomplete } of this.conversations.values()) {
      const kept = singleTurn || incomplete ? turns : checkTurnSequence(turns, this.log);
      this.plan.conversations.set(conversation.conversationId, { position: this.plan.conversations.size, turns: kept.length });
      this.turnCount += kept.length;
      if (this.retain) {
        conversation.turns = kept.map((t) => t.turn);
        out.push(conversation);
      }
      const entry = this.byPatient.get(conversation.patientId);
      const idField = singleTurn ? "patient_id" : "subject_id";
      if (!entry) {
        this.log.add(issueAt(where, idField, "formats.unknownPatient", { patient: conversation.patientId }));
        continue;
      }
      if (!entry.patient) continue;
      const p = entry.patient;
      // The benchmark shows the model note_1 … note_{num_notes}: a count that disagrees with
      // the notes there are is a defect of the item (unless there are no notes at all, below).
      if (
        singleTurn &&
        p.notes &&
        this.noteCount > 0 &&
        p.numNotes !== undefined &&
        p.numNotes !== entry.noteCount &&
        entry.numNotesWhere === where
      )
        this.findings.add(
          where,
          "num_notes",
          "num_notes_mismatch",
          `num_notes ${p.numNotes} but patient ${p.patientId} has ${entry.noteCount} notes`,
          { declared: p.numNotes, found: entry.noteCount },
          conversation.conversationId,
        );
      const notes = { dates: entry.noteDates, headers: entry.noteHeaders };
      for (const { turn, where: tw } of kept)
        checkNoteRefs(turn, tw, p.patientId, notes, this.log, { findings: this.findings, item: conversation.conversationId });
    }
    if (this.questionsFile !== undefined && this.noteCount === 0 && this.log.empty)
      this.findings.add(
        { file: this.questionsFile, path: "" },
        "(file)",
        "no_note_text",
        "no discharge summary text: reviewers will see the questions without their notes (import the preprocessed EHRNoteQA_processed.jsonl, or add MIMIC-IV-Note discharge.csv.gz)",
        {},
      );
    return out;
  }

  /** note_num must run 1..n without gaps (the release numbers notes per patient). */
  private checkNoteNumbers(entry: PatientEntry): void {
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
