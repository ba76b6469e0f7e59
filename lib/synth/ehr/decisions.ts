/**
 * From candidates to instances: pick k decision points at distinct visits (so indices
 * strictly increase with the cutoff), draw 3 distractors, shuffle the options, and derive
 * the evidence level from where the evidence actually sits in the record.
 */
import { composeEvidenceText, evidenceLevelOf } from "../../formats/evidence-text";
import { gaLabel } from "../dates";
import type { Lang } from "../lang";
import { tr } from "../lang";
import type { Rng } from "../random";
import type { Candidate } from "./record";
import type { EhrEvent, EhrInstance, EvidenceLevel } from "./types";

export const OPTION_LABELS = ["A", "B", "C", "D"] as const;
export const SCOPES = ["evidence_only", "visit_level", "history_level"];

/** Weighted sampling without replacement, at most one decision per visit. */
export function selectDecisions(candidates: readonly Candidate[], k: number, rng: Rng): Candidate[] {
  let pool = candidates.slice();
  const chosen: Candidate[] = [];
  while (chosen.length < k && pool.length > 0) {
    const c = rng.weighted(pool.map((x) => [x, x.weight] as const));
    chosen.push(c);
    pool = pool.filter((x) => x.visit.visit !== c.visit.visit);
  }
  return chosen.sort((a, b) => a.visit.visit.ga - b.visit.visit.ga);
}

/** L1: one visit on one day; L2: several visits within 7 days; L3: spread over more than 7 days. */
export function evidenceLevel(events: readonly EhrEvent[]): EvidenceLevel {
  // The generator's times are zone-less and always readable.
  return evidenceLevelOf(events) as EvidenceLevel;
}

/** evidence_text as the format's writer composes it (lib/formats/evidence-text.ts, shared with the corrected export). */
export const evidenceText = (events: readonly EhrEvent[]): string => composeEvidenceText(events);

export function buildInstance(c: Candidate, index: number, lang: Lang, rng: Rng): EhrInstance {
  const { rule } = c;
  const pb = c.visit.pb;
  const texts = [rule.gold, ...rng.sample(rule.distractors, 3)].map((b) => tr(lang, b));
  const order = rng.shuffle([0, 1, 2, 3]);
  const options = order.map((src, i) => ({ label: OPTION_LABELS[i] as string, text: texts[src] as string }));
  const answer = OPTION_LABELS[order.indexOf(0)] as string;
  const evidence = [...new Set(c.evidence)].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  const ga = c.visit.ga;
  return {
    instance_id: `${pb.profile.patientId}-D${index}`,
    patient_id: pb.profile.patientId,
    pregnancy_id: pb.profile.pregnancyId,
    cutoff: { time: c.visit.iso(c.visit.cutoffMinute()), ga_days: ga, visit_id: c.visit.visit.id },
    decision_point_index: index,
    chapter: rule.chapter,
    rule_id: rule.id,
    rule_text: tr(lang, rule.text),
    evidence_level: evidenceLevel(evidence),
    question: tr(lang, rule.question).replace("{ga}", gaLabel(ga)),
    options,
    answer,
    evidence_event_ids: evidence.map((e) => e.event_id),
    evidence_text: evidenceText(evidence),
    scopes: SCOPES.slice(),
  };
}
