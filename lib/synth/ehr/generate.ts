/**
 * Public entry points for the ehr-decision-mcq generator. `generateEhr` is a generator
 * yielding one patient (with her instances and flaws) at a time, so the full size never
 * holds more than one history in memory; `generateEhrBundle` collects a small size.
 */
import type { Lang } from "../lang";
import { Rng, type SynthSeed } from "../random";
import { estimateEventTokens } from "../tokens";
import { buildInstance, selectDecisions } from "./decisions";
import { applyFlaw, isFlawed } from "./flaws";
import { buildPatient } from "./patient";
import type { EhrBundle, EhrInstance, EhrPatient, FlawRecord } from "./types";

export const EHR_SIZES = {
  demo: { patients: 24, instances: 36, brief: true },
  full: { patients: 976, instances: 1500, brief: false },
} as const;
export type EhrSize = keyof typeof EHR_SIZES;

export interface EhrGenerateOptions {
  seed: SynthSeed;
  size?: EhrSize;
  /** Overrides of the size preset (e.g. a 50-patient sample of the full size). */
  patients?: number;
  instances?: number;
  brief?: boolean;
  language?: Lang;
  /** Fraction of instances given a deliberate flaw; default 0.08. */
  flawRate?: number;
  datasetName?: string;
}

export interface EhrPatientRecord {
  patient: EhrPatient;
  instances: EhrInstance[];
  flaws: FlawRecord[];
  historyTokens: number;
  /** Tokens of the record up to each instance's cutoff, in instance order. */
  preDecisionTokens: number[];
}

interface Resolved {
  seed: string;
  patients: number;
  instances: number;
  brief: boolean;
  language: Lang;
  flawRate: number;
  datasetName: string;
}

export function resolveEhrOptions(o: EhrGenerateOptions): Resolved {
  const preset = EHR_SIZES[o.size ?? "demo"];
  const patients = o.patients ?? preset.patients;
  const instances =
    o.instances ?? (o.patients !== undefined ? Math.round((patients * preset.instances) / preset.patients) : preset.instances);
  if (!Number.isInteger(patients) || patients < 1) throw new RangeError("patients must be a positive integer");
  if (!Number.isInteger(instances) || instances < patients || instances > patients * 3) {
    throw new RangeError("instances must be between patients and 3 × patients (1–3 decision points each)");
  }
  const flawRate = o.flawRate ?? 0.08;
  if (!(flawRate >= 0 && flawRate <= 1)) throw new RangeError("flawRate must be in [0, 1]");
  const language = o.language ?? "en";
  return {
    seed: String(o.seed),
    patients,
    instances,
    brief: o.brief ?? preset.brief,
    language,
    flawRate,
    datasetName: o.datasetName ?? `synthetic-obgyn-${o.size ?? "demo"}-${language}`,
  };
}

/** How many decision points each patient should get: 1 + extras, extras spread at random (≤ 2 each). */
function planDecisionCounts(r: Resolved, rng: Rng): Uint8Array {
  const counts = new Uint8Array(r.patients).fill(1);
  let extras = r.instances - r.patients;
  while (extras > 0) {
    const i = rng.int(0, r.patients - 1);
    if ((counts[i] as number) < 3) {
      counts[i] = (counts[i] as number) + 1;
      extras--;
    }
  }
  return counts;
}

export function* generateEhr(options: EhrGenerateOptions): Generator<EhrPatientRecord> {
  const r = resolveEhrOptions(options);
  const root = new Rng(`ehr/${r.seed}`);
  const counts = planDecisionCounts(r, root.fork("plan"));
  const phase = root.fork("flaw-phase").next();
  let ordinal = 0;
  let carry = 0; // decision points a patient could not host move to the next patient
  for (let index = 0; index < r.patients; index++) {
    const { pb, patient } = buildPatient({ root, index, total: r.patients, lang: r.language, brief: r.brief });
    const pick = root.fork(`decisions/${index}`);
    const want = (counts[index] as number) + carry;
    const chosen = selectDecisions(pb.candidates, Math.min(3, want), pick);
    carry = want - chosen.length;
    const instances = chosen.map((c, i) => buildInstance(c, i + 1, r.language, pick));
    const flaws: FlawRecord[] = [];
    instances.forEach((inst, i) => {
      if (isFlawed(ordinal++, r.flawRate, phase)) {
        const rule = chosen[i]?.rule;
        if (rule) flaws.push(applyFlaw(inst, rule, patient.events, r.language, pick.fork(`flaw/${i}`)));
      }
    });
    // Prefix sums over time-sorted events give each cutoff's pre-decision size.
    const prefix: number[] = [];
    let total = 0;
    for (const e of patient.events) prefix.push((total += estimateEventTokens(e)));
    const preDecisionTokens = instances.map((inst) => {
      let lo = 0;
      let hi = patient.events.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((patient.events[mid]?.time ?? "") <= inst.cutoff.time) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? 0 : (prefix[lo - 1] as number);
    });
    yield { patient, instances, flaws, historyTokens: total, preDecisionTokens };
  }
}

export interface EhrStats {
  patients: number;
  instances: number;
  firstDecisionPoints: number;
  laterDecisionPoints: number;
  events: number;
  flaws: number;
  chapters: Record<string, number>;
  evidenceLevels: Record<string, number>;
  avgEventsPerPatient: number;
  avgPreDecisionTokens: number;
  avgHistoryTokens: number;
  maxHistoryTokens: number;
}

export class EhrStatsCollector {
  private s: EhrStats = {
    patients: 0,
    instances: 0,
    firstDecisionPoints: 0,
    laterDecisionPoints: 0,
    events: 0,
    flaws: 0,
    chapters: {},
    evidenceLevels: {},
    avgEventsPerPatient: 0,
    avgPreDecisionTokens: 0,
    avgHistoryTokens: 0,
    maxHistoryTokens: 0,
  };
  private preSum = 0;
  private histSum = 0;

  add(rec: EhrPatientRecord): void {
    const s = this.s;
    s.patients++;
    s.events += rec.patient.events.length;
    s.flaws += rec.flaws.length;
    this.histSum += rec.historyTokens;
    s.maxHistoryTokens = Math.max(s.maxHistoryTokens, rec.historyTokens);
    for (const inst of rec.instances) {
      s.instances++;
      if (inst.decision_point_index === 1) s.firstDecisionPoints++;
      else s.laterDecisionPoints++;
      s.chapters[inst.chapter] = (s.chapters[inst.chapter] ?? 0) + 1;
      s.evidenceLevels[inst.evidence_level] = (s.evidenceLevels[inst.evidence_level] ?? 0) + 1;
    }
    for (const t of rec.preDecisionTokens) this.preSum += t;
  }

  result(): EhrStats {
    const s = this.s;
    return {
      ...s,
      avgEventsPerPatient: s.patients ? Math.round(s.events / s.patients) : 0,
      avgPreDecisionTokens: s.instances ? Math.round(this.preSum / s.instances) : 0,
      avgHistoryTokens: s.patients ? Math.round(this.histSum / s.patients) : 0,
    };
  }
}

export function ehrDataset(o: EhrGenerateOptions): EhrBundle["dataset"] {
  const r = resolveEhrOptions(o);
  return { name: r.datasetName, language: r.language, synthetic: true };
}

/** Whole bundle in memory — for the demo size and tests, not for the full size. */
export function generateEhrBundle(o: EhrGenerateOptions): { bundle: EhrBundle; flaws: FlawRecord[]; stats: EhrStats } {
  const stats = new EhrStatsCollector();
  const patients: EhrPatient[] = [];
  const instances: EhrInstance[] = [];
  const flaws: FlawRecord[] = [];
  for (const rec of generateEhr(o)) {
    stats.add(rec);
    patients.push(rec.patient);
    instances.push(...rec.instances);
    flaws.push(...rec.flaws);
  }
  return {
    bundle: { format: "ehr-decision-mcq", format_version: "1.0", dataset: ehrDataset(o), patients, instances },
    flaws,
    stats: stats.result(),
  };
}
