// Record-by-record validation and accumulation for `ehr-decision-mcq`, shared
// by the JSON bundle and JSONL readers. Per-record rules run as records arrive
// (so JSONL streams); cross-record rules (evidence ownership and timing,
// decision-point order) run in finish(), once every patient is known.
import { IssueLog, issueAt, reportZod, type Where } from "./issues";
import { ehrPatientFromWire, instanceFromWire } from "./map-ehr";
import type { McqItem, Patient } from "./model";
import { isoToMillis } from "./primitives";
import { ehrPatientSchema, instanceSchema } from "./schema-ehr";

interface PatientEntry {
  where: Where;
  /** Undefined when the record failed validation: references to it are not re-reported. */
  patient?: Patient;
  events?: Map<string, { time: string; ms: number }>;
}

/** "line 12" for line-based files, the record path for bundles. */
export function describeWhere(w: Where): string {
  return w.line !== undefined && w.path === "" ? `line ${w.line}` : w.path || `line ${w.line ?? "?"}`;
}

const normText = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

function idOf(raw: unknown, key: string): string | undefined {
  if (raw && typeof raw === "object" && key in raw) {
    const v = (raw as Record<string, unknown>)[key];
    if (typeof v === "string" && v !== "") return v;
  }
  return undefined;
}

export class EhrDatasetBuilder {
  readonly patients: Patient[] = [];
  readonly items: McqItem[] = [];
  private readonly byPatient = new Map<string, PatientEntry>();
  private readonly instanceWhere = new Map<string, Where>();
  private readonly itemWhere: Where[] = [];
  eventCount = 0;

  constructor(private readonly log: IssueLog) {}

  addPatient(raw: unknown, where: Where): void {
    const parsed = ehrPatientSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) reportZod(this.log, where, parsed.error);
    const id = parsed.success ? parsed.data.patient_id : idOf(raw, "patient_id");
    if (id === undefined) return;
    const first = this.byPatient.get(id);
    if (first) {
      this.log.add(issueAt(where, "patient_id", `duplicate patient_id ${JSON.stringify(id)} (first at ${describeWhere(first.where)})`));
      return;
    }
    const entry: PatientEntry = { where };
    this.byPatient.set(id, entry);
    if (!parsed.success) return;

    const patient = ehrPatientFromWire(parsed.data);
    const events = new Map<string, { time: string; ms: number }>();
    const firstIndex = new Map<string, number>();
    (patient.events ?? []).forEach((e, k) => {
      const prev = firstIndex.get(e.eventId);
      if (prev !== undefined) {
        this.log.add(
          issueAt(where, `events[${k}].event_id`, `duplicate event_id ${JSON.stringify(e.eventId)} in patient ${JSON.stringify(id)} (first at events[${prev}])`),
        );
        return;
      }
      firstIndex.set(e.eventId, k);
      events.set(e.eventId, { time: e.time, ms: isoToMillis(e.time) ?? NaN });
    });
    this.eventCount += patient.events?.length ?? 0;
    entry.patient = patient;
    entry.events = events;
    this.patients.push(patient);
  }

  addInstance(raw: unknown, where: Where): void {
    const parsed = instanceSchema.safeParse(raw, { reportInput: true });
    if (!parsed.success) reportZod(this.log, where, parsed.error);
    const id = parsed.success ? parsed.data.instance_id : idOf(raw, "instance_id");
    if (id !== undefined) {
      const first = this.instanceWhere.get(id);
      if (first) {
        this.log.add(issueAt(where, "instance_id", `duplicate instance_id ${JSON.stringify(id)} (first at ${describeWhere(first)})`));
        return;
      }
      this.instanceWhere.set(id, where);
    }
    if (!parsed.success) return;
    const item = instanceFromWire(parsed.data);
    this.checkOptions(item, where);
    this.items.push(item);
    this.itemWhere.push(where);
  }

  private checkOptions(item: McqItem, where: Where): void {
    const labels = new Map<string, number>();
    const texts = new Map<string, number>();
    item.options.forEach((o, k) => {
      const l = labels.get(o.label);
      if (l !== undefined) this.log.add(issueAt(where, `options[${k}].label`, `duplicate option label ${JSON.stringify(o.label)} (same as options[${l}])`));
      else labels.set(o.label, k);
      const t = texts.get(normText(o.text));
      if (t !== undefined) this.log.add(issueAt(where, `options[${k}].text`, `duplicate option text (same as options[${t}])`));
      else texts.set(normText(o.text), k);
    });
    if (!labels.has(item.answer)) {
      const list = [...labels.keys()].join(", ");
      this.log.add(issueAt(where, "answer", `answer ${JSON.stringify(item.answer)} is not an option label (${list})`));
    }
  }

  /** Cross-record rules; call once after every record was added. */
  finish(): void {
    const perPatient = new Map<string, { item: McqItem; where: Where }[]>();
    this.items.forEach((item, k) => {
      const where = this.itemWhere[k] as Where;
      const entry = this.byPatient.get(item.patientId);
      if (!entry) {
        this.log.add(issueAt(where, "patient_id", `unknown patient ${JSON.stringify(item.patientId)}`));
        return;
      }
      const list = perPatient.get(item.patientId) ?? [];
      list.push({ item, where });
      perPatient.set(item.patientId, list);
      if (entry.patient && entry.events) this.checkEvidence(item, where, entry.patient, entry.events);
    });
    for (const list of perPatient.values()) this.checkDecisionOrder(list);
  }

  private checkEvidence(item: McqItem, where: Where, patient: Patient, events: Map<string, { time: string; ms: number }>): void {
    if (item.pregnancyId != null && patient.pregnancyId != null && item.pregnancyId !== patient.pregnancyId)
      this.log.add(
        issueAt(where, "pregnancy_id", `pregnancy_id ${JSON.stringify(item.pregnancyId)} does not match patient's ${JSON.stringify(patient.pregnancyId)}`),
      );
    const cutoffMs = isoToMillis(item.cutoff.time) ?? NaN;
    item.evidenceEventIds.forEach((id, k) => {
      const ev = events.get(id);
      const field = `evidence_event_ids[${k}]`;
      if (!ev) {
        this.log.add(issueAt(where, field, `evidence event ${JSON.stringify(id)} is not an event of patient ${JSON.stringify(item.patientId)}`));
      } else if (ev.ms > cutoffMs) {
        this.log.add(issueAt(where, field, `evidence event ${JSON.stringify(id)} at ${ev.time} is dated after the cutoff ${item.cutoff.time}`));
      }
    });
  }

  /** Indices must be unique per patient and a later index may not have an earlier cutoff. */
  private checkDecisionOrder(list: { item: McqItem; where: Where }[]): void {
    const sorted = [...list].sort((a, b) => a.item.decisionPointIndex - b.item.decisionPointIndex);
    for (let k = 1; k < sorted.length; k++) {
      const a = sorted[k - 1] as (typeof sorted)[number];
      const b = sorted[k] as (typeof sorted)[number];
      const ai = a.item.decisionPointIndex;
      const bi = b.item.decisionPointIndex;
      if (ai === bi) {
        this.log.add(
          issueAt(b.where, "decision_point_index", `duplicate decision_point_index ${bi} for patient ${JSON.stringify(b.item.patientId)} (also instance ${JSON.stringify(a.item.instanceId)})`),
        );
      } else if ((isoToMillis(b.item.cutoff.time) ?? NaN) < (isoToMillis(a.item.cutoff.time) ?? NaN)) {
        this.log.add(
          issueAt(
            b.where,
            "decision_point_index",
            `decision_point_index ${bi} has cutoff ${b.item.cutoff.time}, earlier than index ${ai} (instance ${JSON.stringify(a.item.instanceId)}, cutoff ${a.item.cutoff.time}); indices must increase with cutoff time`,
          ),
        );
      }
    }
  }
}
