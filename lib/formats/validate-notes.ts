// Record-by-record validation and accumulation for the notes family, shared by
// the notes-chatqa bundle, the EHRNote-ChatQA CSVs and EHRNoteQA JSONL.
// Per-record rules run on arrival; turn order, unknown patients and
// "Note #N exists" run in finish() because questions may precede notes.
// Cross-record rules read only compact state (note numbers and dates, turn
// numbering, source options), so with `retain: false` note texts and turn
// texts are dropped once checked and the issues are the same as a full parse.
// The patients and notes side is notes-patients.ts; the questions side is here.
import { ehrNoteQaExtra, ehrNoteQaTurn, noteColumns } from "./ehrnoteqa";
import { FindingLog } from "./findings";
import { firstAt, type IssueLog, issueAt, reportZod, type Where } from "./issues";
import { goldSourcesOf, turnFromWire, type NoteFields } from "./map-notes";
import type { Conversation, Note, Patient, Turn } from "./model";
import { NotesPatients, type NotesPatientsState } from "./notes-patients";
import { pickExtra } from "./primitives";
import { conversationSchema, ehrNoteQaRowSchema, turnSchema, type QuestionsCsvRow } from "./schema-notes";
import { sourceKey } from "./source-option";
import { checkNoteRefs, checkTurn, checkTurnSequence, EHRNOTEQA_FIELDS, type LocatedTurn } from "./validate-turns";

interface ConversationEntry {
  conversation: Conversation;
  where: Where;
  turns: LocatedTurn[];
  singleTurn: boolean; // EHRNoteQA: one content turn by design, no source turn
  incomplete: boolean; // some turn failed validation: sequence checks would only echo that
}

export const TURN_KEYS = Object.keys(turnSchema.shape);
/** What pass 2 of a streamed import needs to rebuild items without re-validating. */
export interface NotesStreamPlan {
  /** Conversation id → first-seen position and turn count (CSV turns may be scattered). */
  conversations: Map<string, { position: number; turns: number }>;
  /** num_notes per patient (EHRNoteQA: known only after notes.csv was read). */
  numNotes: Map<string, number>;
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
  private readonly notes: NotesPatients;
  private readonly conversations = new Map<string, ConversationEntry>();
  private readonly pendingIncomplete = new Set<string>(); // rejected rows seen before their conversation
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
    patientsFromQuestions = false,
    private readonly retain = true,
    findings?: FindingLog,
    notesJoined = false,
  ) {
    this.findings = findings ?? new FindingLog(log);
    this.notes = new NotesPatients(log, retain, patientsFromQuestions, notesJoined);
  }

  /** Accepted patients in first-seen order; filled only when retaining. */
  get patients(): Patient[] {
    return this.notes.patients;
  }

  get noteCount(): number {
    return this.notes.noteCount;
  }

  get patientCount(): number {
    return this.notes.patientCount;
  }

  /**
   * What the conversations' rules need from the patients and notes read so far
   * (lib/formats/parts-phase.ts): taken before any question, restored with `restorePatients`.
   */
  patientsState(): NotesPatientsState {
    if (this.conversations.size > 0 || this.pendingIncomplete.size > 0 || this.retain || this.notes.fromQuestions)
      throw new Error("patientsState: only before any question, without retained records");
    return this.notes.state();
  }

  /** Continues from `patientsState()` (a fresh builder; the state is the builder's from then on). */
  restorePatients(state: NotesPatientsState): void {
    if (this.notes.size > 0 || this.conversations.size > 0 || this.retain) throw new Error("restorePatients: only into a fresh builder");
    this.notes.restore(state);
  }

  addBundlePatient(raw: unknown, where: Where): void {
    this.notes.addBundlePatient(raw, where);
  }

  addNoteRow(row: NoteFields & { subject_id: number }, extra: Record<string, unknown> | undefined, where: Where): void {
    this.notes.addNoteRow(row, extra, where);
  }

  /**
   * A notes.csv row was rejected: remember its patient and note number (when
   * readable) so questions citing it are not also reported as unknown.
   */
  markRejectedNote(subjectId: string | undefined, noteNum: string | undefined): void {
    this.notes.markRejectedNote(subjectId, noteNum);
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
    this.notes.addEhrNoteQaPatient(id, r.num_notes, noteColumns(r), where);
    this.addConversation(id, "", where, [{ turn: this.keep(turn), where }], ehrNoteQaExtra(r), conversationId);
  }

  /** EHRNoteQA + discharge.csv: the notes preprocess.py would join, for a patient of the release. */
  addJoinedNotes(patientId: string, notes: readonly { note: Note; where: Where }[]): void {
    this.notes.addJoinedNotes(patientId, notes);
  }

  /** Whether the questions name this patient (the discharge join keeps only those rows). */
  hasPatient(patientId: string): boolean {
    return this.notes.get(patientId) !== undefined;
  }

  private keep(turn: Turn): Turn {
    return this.retain ? turn : slim(turn);
  }

  /** Cross-record rules; returns the conversations in first-seen order (none unless retaining). */
  finish(): Conversation[] {
    for (const entry of this.notes.entries()) {
      this.notes.checkNoteNumbers(entry);
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
      const entry = this.notes.get(conversation.patientId);
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
}
