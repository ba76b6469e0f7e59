/**
 * notes-chatqa generator: 1–5 discharge summaries per patient and multi-turn conversations
 * (content turn → source turn) per category. Streams one patient at a time.
 */
import { addDays } from "../dates";
import { Rng, type SynthSeed } from "../random";
import { estimateTokens } from "../tokens";
import { isFlawed } from "../ehr/flaws";
import type { FlawRecord } from "../ehr/types";
import { ACTIVITY, ADMISSIONS, COMORBIDITIES, DISPOSITIONS, MENTAL } from "./catalog";
import { SOURCE_QUESTION, parseSourceText, questionsFor, sourceOptions, type ContentQ, type NoteRef } from "./questions";
import { buildNote, sectionText, type AdmissionFacts } from "./summary";
import type { Conversation, DischargeNote, NotesBundle, NotesPatient, QaCategory, Turn } from "./types";

export const NOTES_SIZES = {
  demo: { patients: 12, contentTurns: 100 },
  full: { patients: 967, contentTurns: 8036 },
} as const;
export type NotesSize = keyof typeof NOTES_SIZES;

export interface NotesGenerateOptions {
  seed: SynthSeed;
  size?: NotesSize;
  patients?: number;
  contentTurns?: number;
  flawRate?: number;
  datasetName?: string;
}

export interface NotesPatientRecord {
  patient: NotesPatient;
  conversations: Conversation[];
  flaws: FlawRecord[];
  tokens: number;
}

const LETTERS = ["A", "B", "C", "D", "E"] as const;
const CHRONIC = new Set(["chf", "nstemi", "gib", "stroke", "afib", "dka"]);

function optionsOf(list: string[]) {
  return { option_a: list[0] ?? "", option_b: list[1] ?? "", option_c: list[2] ?? "", option_d: list[3] ?? "", option_e: list[4] ?? "" };
}

function makeNotes(subjectId: number, rng: Rng): { notes: DischargeNote[]; facts: AdmissionFacts[] } {
  const n = rng.weighted([
    [1, 25],
    [2, 30],
    [3, 22],
    [4, 13],
    [5, 10],
  ] as const);
  const sex = rng.chance(0.5) ? "F" : "M";
  const comorbid = rng.sample(COMORBIDITIES, rng.int(0, 3));
  let home = comorbid.map((c) => c.med);
  let date = addDays("2150-01-01", rng.int(0, 365 * 30));
  const age = rng.int(35, 85);
  const types = rng.sample(ADMISSIONS, n);
  const notes: DischargeNote[] = [];
  const facts: AdmissionFacts[] = [];
  types.forEach((type, k) => {
    const discharge = [...home.filter((m) => !(type.stopMed && m.startsWith(type.stopMed))), type.newMed];
    const f: AdmissionFacts = {
      type,
      age: age + Math.floor(k / 2),
      sex,
      comorbid: comorbid.map((c) => c.dx),
      homeMeds: home,
      dischargeMeds: discharge,
      disposition: rng.weighted(DISPOSITIONS.map((d, i) => [d, [50, 25, 15, 10][i] ?? 1] as const)),
      activity: rng.weighted(ACTIVITY.map((d, i) => [d, [55, 30, 12, 3][i] ?? 1] as const)),
      mental: rng.weighted(MENTAL.map((d, i) => [d, [85, 12, 3][i] ?? 1] as const)),
      allergy: rng.chance(0.8) ? "No Known Allergies / Adverse Drug Reactions" : "Sulfa (Sulfonamide Antibiotics)",
      followupDate: addDays(date, rng.int(7, 21)),
    };
    facts.push(f);
    notes.push(buildNote(subjectId, k + 1, subjectId * 10 + k + 1, date, f, rng));
    home = CHRONIC.has(type.key) ? discharge : discharge.filter((m) => m !== type.newMed);
    // A pre-existing NSAID is a realistic reason to stop it later (GI bleed storyline).
    if (k === 0 && rng.chance(0.3) && !home.some((m) => m.startsWith("Ibuprofen"))) home = [...home, "Ibuprofen 400 mg PO TID PRN"];
    date = addDays(date, rng.int(30, 400));
  });
  return { notes, facts };
}

/** Options for a content question, or null when the pool cannot give 4 clean distractors. */
function contentOptions(q: ContentQ, note: DischargeNote, rng: Rng): string[] | null {
  const goldText = q.headers.map((h) => sectionText(note, h)).join("\n");
  if (!goldText.includes(q.answer)) throw new Error(`answer "${q.answer}" not in ${q.headers.join(", ")} of ${note.note_id}`);
  // The minimal sufficient source must be unique: skip facts that leak into other sections.
  if (note.sections.some((s) => !q.headers.includes(s.title as never) && note.text.slice(s.start, s.end).includes(q.answer))) return null;
  const pool = [...new Set(q.pool)].filter((d) => d !== q.answer && !goldText.includes(d));
  if (pool.length < 4) return null;
  return rng.shuffle([q.answer, ...rng.sample(pool, 4)]);
}

export function* generateNotes(o: NotesGenerateOptions): Generator<NotesPatientRecord> {
  const preset = NOTES_SIZES[o.size ?? "demo"];
  const patients = o.patients ?? preset.patients;
  const target =
    o.contentTurns ?? (o.patients !== undefined ? Math.round((patients * preset.contentTurns) / preset.patients) : preset.contentTurns);
  const flawRate = o.flawRate ?? 0.08;
  const root = new Rng(`notes/${String(o.seed)}`);
  const phase = root.fork("flaw-phase").next();
  let carry = 0;
  let ordinal = 0;
  const base = Math.floor(target / patients);
  const extra = new Set(
    root.fork("plan").sample(
      Array.from({ length: patients }, (_, i) => i),
      target - base * patients,
    ),
  );
  for (let i = 0; i < patients; i++) {
    const rng = root.fork(`patient/${i}`);
    const subjectId = 900001 + i;
    const { notes, facts } = makeNotes(subjectId, rng);
    const refs: NoteRef[] = notes.map((n) => ({ num: n.note_num, date: n.chartdate }));
    // Round-robin over a few categories so conversations are genuinely multi-turn.
    const byCat = new Map<QaCategory, { q: ContentQ; note: number }[]>();
    facts.forEach((f, k) => {
      for (const q of questionsFor(f, k + 1)) byCat.set(q.category, [...(byCat.get(q.category) ?? []), { q, note: k + 1 }]);
    });
    const want = base + (extra.has(i) ? 1 : 0) + carry;
    // A patient absorbing turns a previous one could not host may use every category.
    const cats = rng.shuffle([...byCat.keys()]).slice(0, carry > 0 ? 8 : rng.int(3, 5));
    const queues = cats.map((c) => rng.shuffle(byCat.get(c) ?? []));
    const picked = new Map<QaCategory, { q: ContentQ; note: number; options: string[] }[]>();
    let count = 0;
    while (count < want && queues.some((q) => q.length)) {
      for (const q of queues) {
        const next = q.shift();
        if (!next || count >= want) continue;
        const options = contentOptions(next.q, notes[next.note - 1] as DischargeNote, rng);
        if (!options) continue;
        picked.set(next.q.category, [...(picked.get(next.q.category) ?? []), { ...next, options }]);
        count++;
      }
    }
    carry = want - count;
    const conversations: Conversation[] = [];
    const flaws: FlawRecord[] = [];
    for (const [cat, list] of picked) {
      const turns: Turn[] = [];
      list
        .sort((a, b) => a.note - b.note)
        .forEach((p, k) => {
          const idx = k + 1;
          const content: Turn = {
            turn_order: 2 * k + 1,
            turn_index: idx,
            turn_type: "content",
            question: p.q.question,
            ...optionsOf(p.options),
            correct_answer: LETTERS[p.options.indexOf(p.q.answer)] as Turn["correct_answer"],
          };
          const gold = refs[p.note - 1] as NoteRef;
          const src = sourceOptions(gold, p.q.headers, refs, rng);
          const source: Turn = {
            turn_order: 2 * k + 2,
            turn_index: idx,
            turn_type: "source",
            question: SOURCE_QUESTION,
            ...optionsOf(src.options),
            correct_answer: LETTERS[src.answerIndex] as Turn["correct_answer"],
            gold_sources: [{ note_num: p.note, headers: [...p.q.headers] }],
          };
          if (isFlawed(ordinal++, flawRate, phase)) {
            const t = rng.chance(0.5) ? content : source;
            const wrong = rng.pick(LETTERS.filter((l) => l !== t.correct_answer));
            flaws.push({
              instance_id: `${subjectId}/${cat}/${idx}/${t.turn_type}`,
              flaw: "wrong_gold",
              detail: `${t.turn_type} turn answer changed from ${t.correct_answer} to ${wrong}`,
            });
            t.correct_answer = wrong;
            // Keep the turn self-consistent (format-valid): gold_sources follow the planted key.
            if (t === source) source.gold_sources = [parseSourceText(src.options[LETTERS.indexOf(wrong)] as string)];
          }
          turns.push(content, source);
        });
      conversations.push({ subject_id: subjectId, qa_category: cat, turns });
    }
    const tokens = notes.reduce((s, n) => s + estimateTokens(n.text), 0);
    yield { patient: { subject_id: subjectId, notes }, conversations, flaws, tokens };
  }
}

export interface NotesStats {
  patients: number;
  notes: number;
  conversations: number;
  contentTurns: number;
  sourceTurns: number;
  flaws: number;
  categories: Record<string, number>;
  avgNotesPerPatient: number;
  avgPatientTokens: number;
}

export class NotesStatsCollector {
  private s: NotesStats = {
    patients: 0,
    notes: 0,
    conversations: 0,
    contentTurns: 0,
    sourceTurns: 0,
    flaws: 0,
    categories: {},
    avgNotesPerPatient: 0,
    avgPatientTokens: 0,
  };
  private tokens = 0;
  add(r: NotesPatientRecord): void {
    const s = this.s;
    s.patients++;
    s.notes += r.patient.notes.length;
    s.flaws += r.flaws.length;
    this.tokens += r.tokens;
    for (const c of r.conversations) {
      s.conversations++;
      for (const t of c.turns) {
        if (t.turn_type === "content") {
          s.contentTurns++;
          s.categories[c.qa_category] = (s.categories[c.qa_category] ?? 0) + 1;
        } else s.sourceTurns++;
      }
    }
  }
  result(): NotesStats {
    const s = this.s;
    return {
      ...s,
      avgNotesPerPatient: s.patients ? Math.round((s.notes / s.patients) * 100) / 100 : 0,
      avgPatientTokens: s.patients ? Math.round(this.tokens / s.patients) : 0,
    };
  }
}

export function notesDataset(o: NotesGenerateOptions): NotesBundle["dataset"] {
  return { name: o.datasetName ?? `synthetic-notes-${o.size ?? "demo"}`, synthetic: true };
}

export function generateNotesBundle(o: NotesGenerateOptions): { bundle: NotesBundle; flaws: FlawRecord[]; stats: NotesStats } {
  const stats = new NotesStatsCollector();
  const bundle: NotesBundle = { format: "notes-chatqa", format_version: "1.0", dataset: notesDataset(o), patients: [], conversations: [] };
  const flaws: FlawRecord[] = [];
  for (const r of generateNotes(o)) {
    stats.add(r);
    bundle.patients.push(r.patient);
    bundle.conversations.push(...r.conversations);
    flaws.push(...r.flaws);
  }
  return { bundle, flaws, stats: stats.result() };
}
