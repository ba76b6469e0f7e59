/**
 * Multi-turn (EHRNote-ChatQA style) accuracy. A sample is one conversation; each QA is a
 * content turn followed by its source (evidence) turn with the same turnIndex.
 *
 * For Content, Source and Paired (= the content turn AND its source turn correct):
 *   - qa:               micro accuracy over all QAs of all samples;
 *   - sampleMean:       macro, the mean over samples of each sample's accuracy
 *                       (a long conversation weighs as much as a short one);
 *   - sampleAllCorrect: share of samples whose every QA is correct (0/1 per sample).
 * Cascade: every QA except the first of its sample is classed by whether the PREVIOUS
 * content turn (next smaller turnIndex in the sample) was correct; the gap is accuracy
 * after a correct minus accuracy after an incorrect one (positive = errors carry over).
 * By number of notes: the three micro accuracies per distinct numNotes of the QAs.
 * Subgroups that are empty give accuracy null, never NaN.
 */
import { counts } from "./accuracy";
import { type DomainCode, type DomainValues, domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import { compareIds } from "./patient-clusters";
import type { Counts } from "./types";

export interface ConversationTurn {
  sampleId: string;
  patientId: string;
  turnIndex: number;
  turnType: "content" | "source";
  correct: boolean;
  numNotes: number;
}

export interface ConversationMetric {
  qa: Counts;
  sampleMean: number;
  sampleAllCorrect: number;
}

export interface TripleCounts {
  content: Counts;
  source: Counts;
  paired: Counts;
}

export interface ConversationResult {
  samples: number;
  patients: number;
  qaPairs: number;
  content: ConversationMetric;
  source: ConversationMetric;
  paired: ConversationMetric;
  cascade: {
    afterCorrect: TripleCounts;
    afterIncorrect: TripleCounts;
    /** afterCorrect - afterIncorrect accuracy; null when either side is empty. */
    gap: { content: number | null; source: number | null; paired: number | null };
    /** First QAs of their samples, which have no previous content turn. */
    firstQas: number;
  };
  byNumNotes: (TripleCounts & { numNotes: number; samples: number })[];
}

interface Qa {
  turnIndex: number;
  content: boolean;
  source: boolean;
  numNotes: number;
}

const KINDS = ["content", "source", "paired"] as const;
type Kind = (typeof KINDS)[number];
const hit = (qa: Qa, kind: Kind) => (kind === "paired" ? qa.content && qa.source : qa[kind]);

/** Validates the turns and joins each content turn with its source turn, per sample. */
export function pairTurns(turns: readonly ConversationTurn[]): Map<string, { patientId: string; qas: Qa[] }> {
  if (turns.length === 0) throw new EvaluationInputError("EMPTY_INPUT", said("report.noTurns"));
  const partial = new Map<string, { patientId: string; byIndex: Map<number, Partial<Record<"content" | "source", ConversationTurn>>> }>();
  turns.forEach((t, i) => {
    const at = `turns[${i}] (sample ${String(t.sampleId)}, turn ${String(t.turnIndex)})`;
    const bad = (code: DomainCode, values?: DomainValues) => new EvaluationInputError("INVALID_TURN", said(code, { at, ...values }));
    if (typeof t.sampleId !== "string" || t.sampleId === "") throw bad("report.turnSampleId");
    if (typeof t.patientId !== "string" || t.patientId === "") throw bad("report.turnPatientId");
    if (!Number.isInteger(t.turnIndex)) throw bad("report.turnIndexInteger");
    if (t.turnType !== "content" && t.turnType !== "source") throw bad("report.turnType");
    if (typeof t.correct !== "boolean") throw bad("report.turnCorrect");
    if (!Number.isInteger(t.numNotes) || t.numNotes < 0) throw bad("report.turnNumNotes");
    let sample = partial.get(t.sampleId);
    if (!sample) {
      sample = { patientId: t.patientId, byIndex: new Map() };
      partial.set(t.sampleId, sample);
    } else if (sample.patientId !== t.patientId) throw bad("report.turnOtherPatient", { patient: sample.patientId, other: t.patientId });
    const slot = sample.byIndex.get(t.turnIndex) ?? {};
    if (slot[t.turnType]) throw bad("report.turnDuplicate", { type: t.turnType });
    slot[t.turnType] = t;
    sample.byIndex.set(t.turnIndex, slot);
  });
  const out = new Map<string, { patientId: string; qas: Qa[] }>();
  for (const [sampleId, { patientId, byIndex }] of partial) {
    const qas: Qa[] = [];
    for (const [turnIndex, { content, source }] of byIndex) {
      if (!content || !source)
        throw new EvaluationInputError(
          "INVALID_TURN",
          said("report.turnUnpaired", {
            sample: sampleId,
            turn: String(turnIndex),
            type: content ? "content" : "source",
            partner: content ? "source" : "content",
          }),
        );
      if (content.numNotes !== source.numNotes)
        throw new EvaluationInputError("INVALID_TURN", said("report.turnNumNotesDisagree", { sample: sampleId, turn: String(turnIndex) }));
      qas.push({ turnIndex, content: content.correct, source: source.correct, numNotes: content.numNotes });
    }
    qas.sort((a, b) => a.turnIndex - b.turnIndex);
    out.set(sampleId, { patientId, qas });
  }
  return out;
}

function emptyTriple(): Record<Kind, [number, number]> {
  return { content: [0, 0], source: [0, 0], paired: [0, 0] };
}
function add(acc: Record<Kind, [number, number]>, qa: Qa): void {
  for (const k of KINDS) {
    acc[k][0] += hit(qa, k) ? 1 : 0;
    acc[k][1] += 1;
  }
}
function toTriple(acc: Record<Kind, [number, number]>): TripleCounts {
  return {
    content: counts(...acc.content),
    source: counts(...acc.source),
    paired: counts(...acc.paired),
  };
}
const diff = (a: Counts, b: Counts) => (a.accuracy === null || b.accuracy === null ? null : a.accuracy - b.accuracy);

export function conversationAccuracy(turns: readonly ConversationTurn[]): ConversationResult {
  const samples = pairTurns(turns);
  const micro = emptyTriple();
  const macroSum = { content: 0, source: 0, paired: 0 };
  const allCorrect = { content: 0, source: 0, paired: 0 };
  const afterCorrect = emptyTriple();
  const afterIncorrect = emptyTriple();
  const byNotes = new Map<number, { acc: Record<Kind, [number, number]>; samples: Set<string> }>();
  let firstQas = 0;
  let qaPairs = 0;
  // Sorted so the floating-point sums do not depend on the input order.
  for (const sampleId of [...samples.keys()].sort(compareIds)) {
    const { qas } = samples.get(sampleId) as { qas: Qa[] };
    for (const k of KINDS) {
      const hits = qas.reduce((s, qa) => s + (hit(qa, k) ? 1 : 0), 0);
      macroSum[k] += hits / qas.length; // qas.length >= 1: a sample exists only through a turn
      if (hits === qas.length) allCorrect[k] += 1;
    }
    qas.forEach((qa, j) => {
      qaPairs += 1;
      add(micro, qa);
      const prev = qas[j - 1];
      if (!prev) firstQas += 1;
      else add(prev.content ? afterCorrect : afterIncorrect, qa);
      const g = byNotes.get(qa.numNotes) ?? { acc: emptyTriple(), samples: new Set<string>() };
      add(g.acc, qa);
      g.samples.add(sampleId);
      byNotes.set(qa.numNotes, g);
    });
  }
  const n = samples.size;
  const metric = (k: Kind): ConversationMetric => ({
    qa: counts(...micro[k]),
    sampleMean: macroSum[k] / n,
    sampleAllCorrect: allCorrect[k] / n,
  });
  const ac = toTriple(afterCorrect);
  const ai = toTriple(afterIncorrect);
  return {
    samples: n,
    patients: new Set([...samples.values()].map((s) => s.patientId)).size,
    qaPairs,
    content: metric("content"),
    source: metric("source"),
    paired: metric("paired"),
    cascade: {
      afterCorrect: ac,
      afterIncorrect: ai,
      gap: { content: diff(ac.content, ai.content), source: diff(ac.source, ai.source), paired: diff(ac.paired, ai.paired) },
      firstQas,
    },
    byNumNotes: [...byNotes.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([numNotes, g]) => ({ numNotes, samples: g.samples.size, ...toTriple(g.acc) })),
  };
}
