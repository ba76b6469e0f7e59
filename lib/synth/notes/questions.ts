/**
 * Question templates per category. A template names the fact, the section(s) that are the
 * minimal sufficient source, and a pool of distractors; the generator checks that the
 * answer is in a gold section and that no distractor appears in one.
 */
import type { Rng } from "../random";
import {
  ACTIVITY,
  ADMISSIONS,
  DISPOSITIONS,
  EXTRA_CLINICS,
  EXTRA_DIAGNOSES,
  EXTRA_MEDS,
  EXTRA_ORGANISMS,
  EXTRA_PROCEDURES,
  EXTRA_SYMPTOMS,
  MENTAL,
} from "./catalog";
import type { AdmissionFacts } from "./summary";
import { CANONICAL_HEADERS, type Header, type QaCategory } from "./types";

export interface ContentQ {
  category: QaCategory;
  question: string;
  answer: string;
  pool: string[];
  headers: Header[];
}

const ORD = ["first", "second", "third", "fourth", "fifth"];
const all = <K extends keyof (typeof ADMISSIONS)[number]>(k: K) =>
  ADMISSIONS.map((a) => a[k]).filter((x): x is NonNullable<typeof x> => typeof x === "string" && x !== "None") as string[];

/** Every question that can be asked about one admission. */
export function questionsFor(f: AdmissionFacts, noteNum: number): ContentQ[] {
  const t = f.type;
  const at = `during the ${ORD[noteNum - 1] ?? `#${noteNum}`} admission`;
  const qs: ContentQ[] = [
    {
      category: "symptom",
      question: `What was the chief complaint ${at}?`,
      answer: t.complaint,
      pool: all("complaint"),
      headers: ["Chief Complaint"],
    },
    {
      category: "symptom",
      question: `Which associated symptom did the patient report ${at}?`,
      answer: t.associated,
      pool: [...all("associated"), ...EXTRA_SYMPTOMS],
      headers: ["History of Present Illness"],
    },
    {
      category: "clinical_assessment",
      question: `What was the patient's activity status at discharge ${at.replace("during", "from")}?`,
      answer: f.activity,
      pool: [...ACTIVITY],
      headers: ["Discharge Condition"],
    },
    {
      category: "clinical_assessment",
      question: `What was the patient's mental status at discharge ${at.replace("during", "from")}?`,
      answer: f.mental,
      pool: [...MENTAL, "Lethargic but arousable", "Obtunded"],
      headers: ["Discharge Condition"],
    },
    {
      category: "clinical_assessment",
      question: `Which examination finding was documented on admission ${at}?`,
      answer: t.exam,
      pool: all("exam"),
      headers: ["Physical Exam"],
    },
    {
      category: "clinical_outcome",
      question: `Where was the patient discharged to ${at.replace("during", "after")}?`,
      answer: f.disposition,
      pool: [...DISPOSITIONS, "Hospice", "Left against medical advice"],
      headers: ["Discharge Disposition"],
    },
    {
      category: "diagnosis",
      question: `What was the primary discharge diagnosis ${at}?`,
      answer: t.diagnosis,
      pool: [...all("diagnosis"), ...EXTRA_DIAGNOSES],
      headers: ["Discharge Diagnosis"],
    },
    {
      category: "disch_plan",
      question: `Which clinic was follow-up arranged with ${at.replace("during", "after")}?`,
      answer: t.clinic,
      pool: [...all("clinic"), ...EXTRA_CLINICS],
      headers: ["Followup Instructions"],
    },
    {
      category: "medication",
      question: `Which medication was newly started at discharge ${at.replace("during", "from")}?`,
      answer: t.newMed,
      pool: [...all("newMed"), ...EXTRA_MEDS],
      headers: ["Medications on Admission", "Discharge Medications"],
    },
  ];
  if (t.stopMed && f.homeMeds.some((m) => m.startsWith(t.stopMed as string))) {
    const stopped = f.homeMeds.find((m) => m.startsWith(t.stopMed as string)) as string;
    qs.push({
      category: "medication",
      question: `Which home medication was stopped at discharge ${at.replace("during", "from")}?`,
      answer: stopped,
      pool: [...EXTRA_MEDS],
      headers: ["Medications on Admission", "Discharge Medications"],
    });
  }
  if (t.organism)
    qs.push({
      category: "microbiology",
      question: `Which organism was identified ${at}?`,
      answer: t.organism,
      pool: [...all("organism"), ...EXTRA_ORGANISMS],
      headers: ["Pertinent Results"],
    });
  if (t.procedure !== "None")
    qs.push({
      category: "procedure",
      question: `Which procedure was performed ${at}?`,
      answer: t.procedure,
      pool: [...all("procedure"), ...EXTRA_PROCEDURES],
      headers: ["Major Surgical or Invasive Procedure"],
    });
  return qs;
}

export const SOURCE_QUESTION =
  "What exact source(s) in the patient's discharge summaries contain the information needed for your answer? Choose the minimal sufficient set.";

export interface NoteRef {
  num: number;
  date: string;
}

/** Inverse of sourceText, for a planted wrong source gold (gold_sources must match the key). */
export function parseSourceText(s: string): { note_num: number; headers: string[] } {
  const m = /^Note #(\d+) Chartdate: \S+ Headers: (.*)$/.exec(s);
  if (!m) throw new Error(`not a source option: ${s}`);
  return { note_num: Number(m[1]), headers: (m[2] ?? "").split(", ") };
}

export function sourceText(n: NoteRef, headers: readonly string[]): string {
  const ordered = CANONICAL_HEADERS.filter((h) => headers.includes(h));
  return `Note #${n.num} Chartdate: ${n.date} Headers: ${ordered.join(", ")}`;
}

/**
 * Gold plus four wrong sets: a superset (sufficient, not minimal), a subset when the gold
 * has two headers (insufficient), the same headers in another note, and other sections.
 */
export function sourceOptions(gold: NoteRef, headers: Header[], notes: NoteRef[], rng: Rng): { options: string[]; answerIndex: number } {
  const goldText = sourceText(gold, headers);
  const others = rng.shuffle(CANONICAL_HEADERS.filter((h) => !headers.includes(h)));
  const cands: string[] = [];
  const add = (s: string) => {
    if (s !== goldText && !cands.includes(s)) cands.push(s);
  };
  add(sourceText(gold, [...headers, others[0] as Header]));
  if (headers.length > 1) add(sourceText(gold, [headers[1] as Header]));
  const other = notes.filter((n) => n.num !== gold.num);
  if (other.length) add(sourceText(rng.pick(other), headers));
  for (const h of others.slice(1)) {
    if (cands.length >= 4) break;
    add(sourceText(gold, [h]));
  }
  const options = rng.shuffle([goldText, ...cands.slice(0, 4)]);
  return { options, answerIndex: options.indexOf(goldText) };
}
