/**
 * The working state of one patient while her history is generated: visits, events (ids
 * are assigned only at the end, in time order, so E0001 is the earliest event), and the
 * decision-point candidates the storylines registered on the way.
 */
import { addDays, isoAt } from "../dates";
import type { Bi, Lang } from "../lang";
import { tr } from "../lang";
import type { Rng } from "../random";
import type { RuleDef } from "./rules/rule-def";
import type { Physio } from "./physio";
import type { Profile } from "./profile";
import type { EhrEvent } from "./types";

export type VisitKind = "early" | "booking" | "routine" | "unscheduled" | "admission";

/** Work due at a visit; routine emitters read these, storylines add to them. */
export type Tag =
  | "hcg"
  | "booking"
  | "usDating"
  | "usNt"
  | "nipt"
  | "usAnatomy"
  | "usGrowth"
  | "usTwin"
  | "ogtt"
  | "cbc"
  | "liver"
  | "tba"
  | "coag"
  | "renal"
  | "gbs"
  | "nst"
  | "antibody"
  | "ferritin";

export interface Visit {
  id: string;
  ga: number;
  date: string;
  kind: VisitKind;
  /** Minutes after midnight when the patient arrives. */
  start: number;
  tags: Set<Tag>;
  reasons: Set<string>;
}

export type Draft = Omit<EhrEvent, "event_id" | "time" | "ga_days" | "visit_id">;

export interface Candidate {
  rule: RuleDef;
  visit: VisitCtx;
  evidence: EhrEvent[];
  /** Condition-specific decisions are preferred over routine ones when sampling. */
  weight: number;
}

export class PatientBuilder {
  readonly events: EhrEvent[] = [];
  readonly candidates: Candidate[] = [];
  visits: Visit[] = [];
  /** One line per visit, copied forward into later notes as real charts do. */
  readonly course: { ga: number; line: string }[] = [];
  /** Booking history, re-shown in every later note (EMR templates pull it in automatically). */
  historyRecap: string[] = [];
  /** Rows of the antenatal record sheet, one per visit. */
  readonly flow: string[] = [];
  readonly diagnoses: string[] = [];
  readonly activeMeds: string[] = [];
  /** Latest event per key across visits (e.g. "usNt", "bookingNote") for cross-visit evidence. */
  readonly latest = new Map<string, EhrEvent>();

  constructor(
    readonly lang: Lang,
    readonly rng: Rng,
    readonly profile: Profile,
    readonly physio: Physio,
    readonly brief: boolean,
  ) {}

  t(text: Bi): string {
    return tr(this.lang, text);
  }

  dateAt(ga: number): string {
    return addDays(this.profile.lmp, ga);
  }

  push(e: Omit<EhrEvent, "event_id">): EhrEvent {
    const ev: EhrEvent = { event_id: "", ...e };
    this.events.push(ev);
    return ev;
  }

  addDiagnosis(label: string): void {
    if (!this.diagnoses.includes(label)) this.diagnoses.push(label);
  }

  startMed(label: string): void {
    if (!this.activeMeds.includes(label)) this.activeMeds.push(label);
  }

  stopMed(prefix: string): void {
    const i = this.activeMeds.findIndex((m) => m.startsWith(prefix));
    if (i >= 0) this.activeMeds.splice(i, 1);
  }
}

/** One visit being charted: observation first, then (after the cutoff) the plan. */
export class VisitCtx {
  readonly refs = new Map<string, EhrEvent>();
  readonly complaints: string[] = [];
  readonly hpi: string[] = [];
  readonly exam: string[] = [];
  readonly results: string[] = [];
  readonly assessment: string[] = [];
  readonly plan: string[] = [];
  readonly education: string[] = [];
  /** Symptom-review topics a storyline made positive, so the note omits their negatives. */
  readonly positives = new Set<string>();
  lastObs: number;
  planAt: number | null = null;

  constructor(
    readonly pb: PatientBuilder,
    readonly visit: Visit,
  ) {
    this.lastObs = visit.start;
  }

  get ga(): number {
    return this.visit.ga;
  }

  get lang(): Lang {
    return this.pb.lang;
  }

  t(text: Bi): string {
    return this.pb.t(text);
  }

  iso(minute: number): string {
    return isoAt(this.visit.date, minute);
  }

  /** A pre-decision observation `offset` minutes after arrival (results may come hours later). */
  observe(offset: number, draft: Draft, key?: string): EhrEvent {
    const minute = this.visit.start + offset;
    if (this.planAt !== null && minute >= this.planAt) throw new Error("observation after the plan time");
    this.lastObs = Math.max(this.lastObs, minute);
    return this.keep(this.pb.push({ ...this.stamp(minute), ...draft }), key);
  }

  /** An event reported on a later day (culture, NIPT): keeps the ordering visit's id. */
  later(days: number, minute: number, draft: Draft, key?: string): EhrEvent {
    const date = addDays(this.visit.date, days);
    const ev = this.pb.push({
      time: isoAt(date, minute),
      ga_days: this.visit.ga + days,
      visit_id: this.visit.id,
      ...draft,
    });
    return this.keep(ev, key);
  }

  /** A post-decision action (diagnosis, prescription, plan note) `offset` minutes after the plan time. */
  act(offset: number, draft: Draft, key?: string): EhrEvent {
    if (this.planAt === null) throw new Error("act() before the plan time is fixed");
    return this.keep(this.pb.push({ ...this.stamp(this.planAt + offset), ...draft }), key);
  }

  /** The cutoff of a decision here: one minute before the plan is charted. */
  cutoffMinute(): number {
    if (this.planAt === null) throw new Error("cutoff before the plan time is fixed");
    return this.planAt - 1;
  }

  candidate(rule: RuleDef, evidence: (EhrEvent | undefined)[], weight = 5): void {
    const ev = evidence.filter((e): e is EhrEvent => e !== undefined);
    if (ev.length === 0) throw new Error(`candidate ${rule.id} without evidence`);
    const cutoff = this.iso(this.cutoffMinute());
    const late = ev.find((e) => e.time > cutoff);
    if (late) throw new Error(`candidate ${rule.id}: evidence ${late.name} at ${late.time} is after the cutoff ${cutoff}`);
    this.pb.candidates.push({ rule, visit: this, evidence: ev, weight });
  }

  private keep(ev: EhrEvent, key?: string): EhrEvent {
    if (key) {
      this.refs.set(key, ev);
      this.pb.latest.set(key, ev);
    }
    return ev;
  }

  private stamp(minute: number) {
    return { time: isoAt(this.visit.date, minute), ga_days: this.visit.ga, visit_id: this.visit.id };
  }
}
