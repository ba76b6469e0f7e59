// EHRNoteQA's notes, as the benchmark's own preprocessing (src/preprocessing/preprocess.py in
// ji-youn-kim/EHRNoteQA) produces them, so reviewers read what the model was given:
//  - the preprocessed JSONL carries each patient's summaries in `note_1` … `note_n` (preprocess
//    writes three, "" where the patient has fewer);
//  - the raw release is joined with MIMIC-IV-Note `discharge.csv(.gz)`: the rows of the
//    release's patients, ordered by `charttime` (a string sort, as pandas sorts that column),
//    the first three per patient, each text whitespace-normalised and prefixed with
//    "Patient ID : … / Admission ID : … / Chartdate : …".
// pandas' default sort is not stable; rows with equal charttime keep their file order here.
import { createHash } from "node:crypto";
import type { Where } from "./issues";
import { TURN_LABELS, type Note, type Turn } from "./model";
import { compact, pickExtra } from "./primitives";
import type { DomainMessage } from "../i18n/domain";
import { DEFAULT_PATIENT_CAPS, type PatientCaps, patientOverCap } from "./reader-limits";
import { ehrNoteQaRowSchema, type DischargeCsvRow, type EhrNoteQaRow } from "./schema-notes";
import { splitSections } from "./sections";

/** preprocess.py fills note_1 … note_3. */
export const JOINED_NOTES = 3;

const NOTE_COLUMN_RE = /^note_(\d+)$/;

// Python's `\s` on str patterns (str.isspace), which differs from JavaScript's `\s` at the edges.
const PY_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const WHITESPACE_RUN_RE = new RegExp(`${PY_SPACE}+`, "g");
const SPACE_RUN_RE = new RegExp(`${PY_SPACE}{2,}`, "g");
const PY_STRIP_RE = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");

/**
 * preprocess.py's `transform_string`: whitespace around line breaks becomes one line break,
 * then any run of two or more whitespace characters (a line break followed by indentation
 * included) becomes one space, then the ends are stripped.
 */
export function transformString(s: string): string {
  return s.replace(WHITESPACE_RUN_RE, aroundLineBreaks).replace(SPACE_RUN_RE, " ").replace(PY_STRIP_RE, "");
}

/**
 * What preprocess.py's `re.sub(r"(\n\s*|\s*\n)", "\n", …)` makes of one whitespace run, worked out
 * per run: that regex retries `\s*\n` from every character of a run without a line break
 * (quadratic in a long run of spaces). A run starting with "\n" becomes "\n"; otherwise up to
 * its last "\n" does, and what follows that "\n" stays.
 */
function aroundLineBreaks(run: string): string {
  const last = run.lastIndexOf("\n");
  if (last === -1) return run;
  return run[0] === "\n" ? "\n" : `\n${run.slice(last + 1)}`;
}

/** The `note_<k>` columns of a preprocessed row, by k (text as given; "" = no note). */
export function noteColumns(row: Record<string, unknown>): { noteNum: number; key: string; text: string }[] {
  const out: { noteNum: number; key: string; text: string }[] = [];
  for (const key of Object.keys(row)) {
    const m = NOTE_COLUMN_RE.exec(key);
    const value = row[key];
    if (m && Number(m[1]) >= 1 && (typeof value === "string" || value === null))
      out.push({ noteNum: Number(m[1]), key, text: value ?? "" });
  }
  return out.sort((a, b) => a.noteNum - b.noteNum);
}

export const isNoteColumn = (key: string) => NOTE_COLUMN_RE.test(key);

export const EHRNOTEQA_KEYS = Object.keys(ehrNoteQaRowSchema.shape);

/** An EHRNoteQA row is a one-turn conversation. */
export function ehrNoteQaTurn(r: EhrNoteQaRow): Turn {
  const options = TURN_LABELS.map((label) => ({ label, text: r[`choice_${label}`] }));
  return { turnOrder: 1, turnIndex: 1, turnType: "content", question: r.question, options, answer: r.answer };
}

/** Item extras of an EHRNoteQA row: unknown keys except the note_k texts (they become notes). */
export function ehrNoteQaExtra(row: object): Record<string, unknown> | undefined {
  const extra = pickExtra(row, EHRNOTEQA_KEYS);
  if (!extra) return undefined;
  for (const k of Object.keys(extra)) if (isNoteColumn(k)) delete extra[k];
  return Object.keys(extra).length > 0 ? extra : undefined;
}

/** A note text's digest: a patient's later preprocessed rows must carry the same notes. */
export const digest = (text: string) => createHash("sha1").update(text).digest("base64");

const HEADER_FIELD = (label: string) => new RegExp(`^${label} : (.*)$`, "m");
const CHARTDATE_RE = HEADER_FIELD("Chartdate");
const ADMISSION_RE = HEADER_FIELD("Admission ID");

/** A preprocessed note: chartdate and admission read back from the header preprocess.py prepended. */
export function noteFromColumn(noteNum: number, text: string): Note {
  const head = text.slice(0, 300);
  const date = CHARTDATE_RE.exec(head)?.[1]?.trim() ?? "";
  const hadm = ADMISSION_RE.exec(head)?.[1]?.trim() ?? "";
  return {
    noteNum,
    hadmId: /^\d+$/.test(hadm) ? Number(hadm) : null,
    chartdate: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "",
    storetime: null,
    text,
    sections: splitSections(text),
  };
}

/** The text preprocess.py builds from a discharge.csv row. */
export function joinedNoteText(row: DischargeCsvRow): string {
  const hadm = row.hadm_id === null ? "nan" : String(row.hadm_id);
  return `Patient ID : ${row.subject_id}\nAdmission ID : ${hadm}\nChartdate : ${row.charttime.slice(0, 10)}\n${transformString(row.text)}`;
}

export function noteFromDischarge(noteNum: number, row: DischargeCsvRow): Note {
  const text = joinedNoteText(row);
  return compact({
    noteNum,
    noteId: row.note_id,
    hadmId: row.hadm_id,
    noteSeq: row.note_seq,
    chartdate: row.charttime.slice(0, 10),
    storetime: row.storetime,
    text,
    sections: splitSections(text),
    extra: { charttime: row.charttime, note_type: row.note_type },
  });
}

type Held = { row: DischargeCsvRow; where: Where; order: number };

const byChartTime = (a: Held, b: Held) =>
  a.row.charttime < b.row.charttime ? -1 : a.row.charttime > b.row.charttime ? 1 : a.order - b.order;

/**
 * Collects the discharge rows of the release's patients and picks, per patient, the first
 * three by charttime (file order breaks ties). Holds only those three per patient, and refuses
 * a patient over the per-patient caps (reader-limits.ts): `add` then returns the located
 * problem, once, and ignores that patient's further rows.
 */
export class DischargeJoin {
  private readonly held = new Map<string, { first: Held[]; rows: number; chars: number; over: boolean }>();
  private order = 0;

  constructor(
    private readonly wanted: (patientId: string) => boolean,
    private readonly caps: PatientCaps = DEFAULT_PATIENT_CAPS,
  ) {}

  add(row: DischargeCsvRow, where: Where): DomainMessage | undefined {
    const id = String(row.subject_id);
    if (!this.wanted(id)) return undefined;
    let p = this.held.get(id);
    if (!p) this.held.set(id, (p = { first: [], rows: 0, chars: 0, over: false }));
    if (p.over) return undefined;
    p.rows++;
    p.chars += row.text.length;
    if (p.rows > this.caps.rows || p.chars > this.caps.noteChars) {
      p.over = true;
      p.first = [];
      return patientOverCap(id, where.file, p.rows > this.caps.rows ? "rows" : "text", this.caps);
    }
    const entry = { row, where, order: this.order++ };
    // Sorted insertion into the first JOINED_NOTES: a later row displaces one only if earlier.
    let at = p.first.length;
    while (at > 0 && byChartTime(entry, p.first[at - 1]!) < 0) at--;
    if (at < JOINED_NOTES) {
      p.first.splice(at, 0, entry);
      if (p.first.length > JOINED_NOTES) p.first.pop();
    }
    return undefined;
  }

  /** Each patient's joined notes, numbered 1…n in charttime order; the held rows are released. */
  *notes(): Generator<{ patientId: string; notes: { note: Note; where: Where }[] }> {
    for (const [patientId, p] of this.held) {
      if (p.over) continue;
      yield { patientId, notes: p.first.map((r, k) => ({ note: noteFromDischarge(k + 1, r.row), where: r.where })) };
    }
    this.held.clear();
  }
}
