/**
 * Deliberate flaws for testing an audit. They are planted so the bundle stays valid per
 * the format (answers are labels, evidence ids exist and precede the cutoff) — only a
 * clinician reading the case can tell — and listed in a separate manifest.
 */
import { tr, type Lang } from "../lang";
import type { Rng } from "../random";
import { evidenceLevel, evidenceText } from "./decisions";
import { VAGUE_QUESTION, type RuleDef } from "./rules/rule-def";
import { FLAW_KINDS, type EhrEvent, type EhrInstance, type FlawKind, type FlawRecord } from "./types";

/**
 * Low-discrepancy selection: instance n (0-based, global order) is flawed when the running
 * count floor(n·rate + phase) steps up, so exactly ≈ rate·N instances are flawed and they
 * are spread evenly — a Bernoulli draw would leave a 36-instance demo with none too often.
 */
export function isFlawed(n: number, rate: number, phase: number): boolean {
  if (rate <= 0) return false;
  return Math.floor((n + 1) * rate + phase) > Math.floor(n * rate + phase);
}

export function applyFlaw(inst: EhrInstance, rule: RuleDef, events: readonly EhrEvent[], lang: Lang, rng: Rng): FlawRecord {
  let kind: FlawKind = rng.pick(FLAW_KINDS);
  const byId = new Map(events.map((e) => [e.event_id, e]));
  if (kind === "missing_evidence" && inst.evidence_event_ids.length < 2) kind = "wrong_evidence";
  const record = (detail: string): FlawRecord => ({ instance_id: inst.instance_id, flaw: kind, detail });

  if (kind === "wrong_gold") {
    const wrong = rng.pick(inst.options.filter((o) => o.label !== inst.answer));
    const detail = `answer key changed from ${inst.answer} to ${wrong.label}`;
    inst.answer = wrong.label;
    return record(detail);
  }
  if (kind === "ambiguous_stem") {
    const target = rng.pick(inst.options.filter((o) => o.label !== inst.answer));
    target.text = tr(lang, rule.alt);
    inst.question = tr(lang, VAGUE_QUESTION);
    return record(
      `stem made non-specific and option ${target.label} replaced by a defensible alternative; ${inst.answer} and ${target.label} both defensible`,
    );
  }
  const ids = inst.evidence_event_ids;
  const dropIdx = rng.int(0, ids.length - 1);
  const dropped = ids[dropIdx] as string;
  if (kind === "missing_evidence") {
    inst.evidence_event_ids = ids.filter((_, i) => i !== dropIdx);
    refresh(inst, byId);
    return record(`evidence ${dropped} removed`);
  }
  // wrong_evidence: a real, pre-cutoff, irrelevant event (a weight or pulse reading).
  const irrelevant = events.filter(
    (e) => e.time <= inst.cutoff.time && e.event_type === "vital_sign" && !ids.includes(e.event_id) && typeof e.value === "number",
  );
  const pick = irrelevant.length ? rng.pick(irrelevant) : events.find((e) => e.time <= inst.cutoff.time && !ids.includes(e.event_id));
  if (!pick) throw new Error(`no irrelevant event before cutoff for ${inst.instance_id}`);
  inst.evidence_event_ids = ids
    .map((id, i) => (i === dropIdx ? pick.event_id : id))
    .sort((a, b) => (byId.get(a)?.time ?? "").localeCompare(byId.get(b)?.time ?? ""));
  refresh(inst, byId);
  return record(`evidence ${dropped} replaced by irrelevant ${pick.event_id}`);
}

function refresh(inst: EhrInstance, byId: Map<string, EhrEvent>): void {
  const ev = inst.evidence_event_ids.map((id) => byId.get(id)).filter((e): e is EhrEvent => e !== undefined);
  inst.evidence_level = evidenceLevel(ev);
  inst.evidence_text = evidenceText(ev);
}
