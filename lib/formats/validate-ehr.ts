// Record-by-record validation for `ehr-decision-mcq`, shared by the JSON bundle
// and JSONL readers. Per-record rules run as records arrive (so JSONL streams);
// cross-record rules (evidence ownership and timing, decision-point order) run in
// finish(), once every patient is known. They only ever read compact indexes
// (event id → time per patient, a few fields per instance), so a validation-only
// pass (`retain: false`) reports exactly what a full parse reports while the
// records themselves are dropped as soon as they are checked.
import { EventTimes } from "./event-times";
import { firstAt, type IssueLog, issueAt, reportZod, type Where } from "./issues";
import { ehrPatientFromWire, instanceFromWire } from "./map-ehr";
import type { McqItem, Patient } from "./model";
import { isoToMillis } from "./primitives";
import { checkZone, type RecordZone, type ZoneExample } from "./record-zone";
import { ehrPatientSchema, instanceSchema } from "./schema-ehr";

interface PatientEntry extends RecordZone {
  where: Where;
  /** False when the record failed validation: references to it are not re-reported. */
  valid: boolean;
  pregnancyId?: string | null;
  /** Milliseconds are computed only for cited events. */
  events?: EventTimes;
}

/** The patients' side of the cross-record rules, as `patientsState()` hands it out. */
export interface EhrPatientsState {
  kind: "ehr";
  patients: Map<string, PatientEntry>;
  patientCount: number;
  eventCount: number;
}

/** The fields of an instance the cross-record rules read. */
type InstanceRef = Pick<McqItem, "instanceId" | "patientId" | "pregnancyId" | "decisionPointIndex" | "evidenceEventIds"> & {
  cutoffTime: string;
  where: Where;
};

const normText = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

function idOf(raw: unknown, key: string): string | undefined {
  if (raw && typeof raw === "object" && key in raw) {
    const v = (raw as Record<string, unknown>)[key];
    if (typeof v === "string" && v !== "") return v;
  }
  return undefined;
}

export class EhrDatasetBuilder {
  /** Accepted records, in file order; filled only when `retain` is set. */
  readonly patients: Patient[] = [];
  readonly items: McqItem[] = [];
  private readonly byPatient = new Map<string, PatientEntry>();
  private readonly instanceWhere = new Map<string, Where>();
  private readonly refs: InstanceRef[] = [];
  patientCount = 0;
  eventCount = 0;

  constructor(
    private readonly log: IssueLog,
    private readonly retain = true,
    /** The dataset's zone for times without a UTC offset (the one time rule: primitives.ts). */
    private readonly timeZone = "UTC",
  ) {}

  private millis(time: string): number {
    return isoToMillis(time, this.timeZone) ?? NaN;
  }

  /**
   * What the instances' rules need from the patients read so far (lib/formats/parts-phase.ts): taken
   * after the last patient and before any instance, restored into a fresh builder with
   * `restorePatients`, it makes the instances' check exactly the one a full read runs.
   */
  patientsState(): EhrPatientsState {
    if (this.refs.length > 0 || this.instanceWhere.size > 0 || this.retain)
      throw new Error("patientsState: only before any instance, without retained records");
    return { kind: "ehr", patients: this.byPatient, patientCount: this.patientCount, eventCount: this.eventCount };
  }

  /** Continues from `patientsState()` (a fresh builder; the state is the builder's from then on). */
  restorePatients(state: EhrPatientsState): void {
    if (this.byPatient.size > 0 || this.refs.length > 0 || this.retain) throw new Error("restorePatients: only into a fresh builder");
    for (const [id, entry] of state.patients)
      this.byPatient.set(id, entry.events ? { ...entry, events: EventTimes.revive(entry.events) } : entry);
    this.patientCount = state.patientCount;
    this.eventCount = state.eventCount;
  }

  get itemCount(): number {
    return this.refs.length;
  }

  addPatient(raw: unknown, where: Where): void {
    const parsed = ehrPatientSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) reportZod(this.log, where, parsed.error);
    const id = parsed.success ? parsed.data.patient_id : idOf(raw, "patient_id");
    if (id === undefined) return;
    const first = this.byPatient.get(id);
    if (first) {
      this.log.add(issueAt(where, "patient_id", "formats.duplicatePatientId", { id: JSON.stringify(id), ...firstAt(first.where) }));
      return;
    }
    const entry: PatientEntry = { where, valid: false };
    this.byPatient.set(id, entry);
    if (!parsed.success) return;

    // The rules read the validated wire record; the normalized one is built only when kept.
    const events: { id: string; time: string }[] = [];
    const firstIndex = new Map<string, number>();
    parsed.data.events.forEach((e, k) => {
      const prev = firstIndex.get(e.event_id);
      if (prev !== undefined) {
        this.log.add(
          issueAt(where, `events[${k}].event_id`, "formats.duplicateEventId", {
            id: JSON.stringify(e.event_id),
            patient: JSON.stringify(id),
            first: String(prev),
          }),
        );
        return;
      }
      firstIndex.set(e.event_id, k);
      events.push({ id: e.event_id, time: e.time });
      checkZone(entry, where, `events[${k}].time`, e.time, this.log, this.timeZone);
    });
    this.eventCount += parsed.data.events.length;
    this.patientCount++;
    entry.valid = true;
    entry.pregnancyId = parsed.data.pregnancy_id;
    entry.events = EventTimes.of(events);
    if (this.retain) this.patients.push(ehrPatientFromWire(parsed.data));
  }

  /**
   * A patient whose record another reader validated (FHIR R4, lib/formats/fhir): its event ids
   * and times, and the time the cutoffs' kind (offset or none) must match.
   */
  addRecordIndex(
    id: string,
    where: Where,
    events: readonly { id: string; time: string }[],
    zone: ZoneExample | undefined,
    pregnancyId: string | null,
  ): void {
    this.byPatient.set(id, { where, valid: true, pregnancyId, events: EventTimes.of(events), ...(zone ? { zone } : {}) });
    this.patientCount++;
    this.eventCount += events.length;
  }

  addInstance(raw: unknown, where: Where): void {
    const parsed = instanceSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) reportZod(this.log, where, parsed.error);
    const id = parsed.success ? parsed.data.instance_id : idOf(raw, "instance_id");
    if (id !== undefined) {
      const first = this.instanceWhere.get(id);
      if (first) {
        this.log.add(issueAt(where, "instance_id", "formats.duplicateInstanceId", { id: JSON.stringify(id), ...firstAt(first) }));
        return;
      }
      this.instanceWhere.set(id, where);
    }
    if (!parsed.success) return;
    const item = instanceFromWire(parsed.data);
    this.checkOptions(item, where);
    const { instanceId, patientId, pregnancyId, decisionPointIndex, evidenceEventIds } = item;
    this.refs.push({ instanceId, patientId, pregnancyId, decisionPointIndex, evidenceEventIds, cutoffTime: item.cutoff.time, where });
    if (this.retain) this.items.push(item);
  }

  private checkOptions(item: McqItem, where: Where): void {
    const labels = new Map<string, number>();
    const texts = new Map<string, number>();
    item.options.forEach((o, k) => {
      const l = labels.get(o.label);
      if (l !== undefined)
        this.log.add(
          issueAt(where, `options[${k}].label`, "formats.duplicateOptionLabel", { label: JSON.stringify(o.label), same: String(l) }),
        );
      else labels.set(o.label, k);
      const t = texts.get(normText(o.text));
      if (t !== undefined) this.log.add(issueAt(where, `options[${k}].text`, "formats.duplicateOptionText", { same: String(t) }));
      else texts.set(normText(o.text), k);
    });
    if (!labels.has(item.answer)) {
      const list = [...labels.keys()].join(", ");
      this.log.add(issueAt(where, "answer", "formats.answerNotLabel", { answer: JSON.stringify(item.answer), labels: list }));
    }
  }

  /** Cross-record rules; call once after every record was added. */
  finish(): void {
    const perPatient = new Map<string, InstanceRef[]>();
    for (const ref of this.refs) {
      const entry = this.byPatient.get(ref.patientId);
      if (!entry) {
        this.log.add(issueAt(ref.where, "patient_id", "formats.unknownPatient", { patient: JSON.stringify(ref.patientId) }));
        continue;
      }
      const list = perPatient.get(ref.patientId) ?? [];
      list.push(ref);
      perPatient.set(ref.patientId, list);
      if (entry.valid) checkZone(entry, ref.where, "cutoff.time", ref.cutoffTime, this.log, this.timeZone);
      if (entry.valid && entry.events) this.checkEvidence(ref, entry, entry.events);
    }
    for (const list of perPatient.values()) this.checkDecisionOrder(list);
  }

  private checkEvidence(ref: InstanceRef, patient: PatientEntry, events: EventTimes): void {
    const { where } = ref;
    if (ref.pregnancyId != null && patient.pregnancyId != null && ref.pregnancyId !== patient.pregnancyId)
      this.log.add(
        issueAt(where, "pregnancy_id", "formats.pregnancyMismatch", {
          given: JSON.stringify(ref.pregnancyId),
          patients: JSON.stringify(patient.pregnancyId),
        }),
      );
    const cutoffMs = this.millis(ref.cutoffTime);
    ref.evidenceEventIds.forEach((id, k) => {
      const time = events.get(id);
      const field = `evidence_event_ids[${k}]`;
      if (time === undefined) {
        this.log.add(
          issueAt(where, field, "formats.evidenceNotOfPatient", { id: JSON.stringify(id), patient: JSON.stringify(ref.patientId) }),
        );
      } else if (this.millis(time) > cutoffMs) {
        this.log.add(issueAt(where, field, "formats.evidenceAfterCutoff", { id: JSON.stringify(id), time, cutoff: ref.cutoffTime }));
      }
    });
  }

  /** Indices must be unique per patient and a later index may not have an earlier cutoff. */
  private checkDecisionOrder(list: InstanceRef[]): void {
    const sorted = [...list].sort((a, b) => a.decisionPointIndex - b.decisionPointIndex);
    for (let k = 1; k < sorted.length; k++) {
      const a = sorted[k - 1] as InstanceRef;
      const b = sorted[k] as InstanceRef;
      const ai = a.decisionPointIndex;
      const bi = b.decisionPointIndex;
      if (ai === bi) {
        this.log.add(
          issueAt(b.where, "decision_point_index", "formats.duplicateDecisionIndex", {
            index: String(bi),
            patient: JSON.stringify(b.patientId),
            other: JSON.stringify(a.instanceId),
          }),
        );
      } else if (this.millis(b.cutoffTime) < this.millis(a.cutoffTime)) {
        this.log.add(
          issueAt(b.where, "decision_point_index", "formats.decisionOrder", {
            index: String(bi),
            cutoff: b.cutoffTime,
            otherIndex: String(ai),
            other: JSON.stringify(a.instanceId),
            otherCutoff: a.cutoffTime,
          }),
        );
      }
    }
  }
}
