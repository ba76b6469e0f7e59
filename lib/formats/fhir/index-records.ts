// Pass 1 over FHIR resources: every resource checked against the R4 schema and our rules, while
// only compact indexes are kept (resource keys, per patient its event ids and times, per record
// its owner). Rules that need the whole import (references resolve, subjects are Patients) run
// in finish().
import type { FindingLog } from "../findings";
import type { DomainCode, DomainValues } from "../../i18n/domain";
import { firstAt, issueAt, type IssueLog, type Where } from "../issues";
import { EVENT_TYPES } from "../model";
import { compact, isoToMillis } from "../primitives";
import { fmt, MAX_PATIENT_RECORD_CHARS } from "../reader-limits";
import type { ZoneExample } from "../record-zone";
import { pregnancyOnset } from "./assemble";
import { badAttachments } from "./map-event";
import { IntList, type FhirPlan } from "./plan";
import { encounterOf, GA_CODES, roleOf, subjectOf } from "./roles";
import { skipReason } from "../skip-reasons";
import { NO_RESOURCE, SkipCounter } from "./skipped";
import {
  eventTime,
  EXT,
  extension,
  hasCode,
  isJson,
  isPartialDate,
  linkedAttachment,
  list,
  noteAttachments,
  referenceKey,
  refOf,
  resourceKey,
  SKIPPED_WITHOUT_TIME,
  str,
  SYSTEM,
  TIME_ELEMENTS,
  type Json,
} from "./resource";
import type { FhirValidator } from "./validator";

/** One subject reference as written: the records and events that name it. */
interface Subject {
  where: Where;
  field: string;
  events: { id: string; time: string }[];
  /** The first time of day (FHIR gives every one a UTC offset). */
  zone?: ZoneExample;
  /** Patient index slots of records naming this subject, fixed in finish(). */
  slot: number;
}

interface PendingRef {
  where: Where;
  field: string;
  /** The resource type the reference must name. */
  type?: string;
}

export interface IndexedPatient {
  id: string;
  where: Where;
  events: { id: string; time: string }[];
  zone?: ZoneExample;
  pregnancyId: string | null;
  /** Encounter keys of the patient (cutoff visits must be one). */
  encounters: Set<string>;
}

export class FhirIndex {
  private readonly keys = new Map<string, Where>();
  private readonly aliases = new Map<string, string>();
  private readonly patientKeys: { key: string; where: Where }[] = [];
  private readonly subjects = new Map<string, Subject>();
  private readonly pending = new Map<string, PendingRef>();
  private readonly pregnancies: {
    subject: string;
    id: string;
    key: string;
    file: number;
    where: Where;
    onset: boolean;
    /** Its time as an event (should it be an earlier pregnancy), and when it began (onset, else recorded). */
    time?: string;
    began: number;
  }[] = [];
  /** Subjects with a dating observation (EDD, LMP) or a gestational-age observation. */
  private readonly dated = new Set<string>();
  private readonly encounterSubjects: { key: string; subject: string }[] = [];
  /** Per file: per record, the slot of its subject (−1: not part of a patient's record). */
  private readonly slots: IntList[] = [];
  /** Per file: per record, its characters. */
  private readonly sizes: IntList[] = [];
  private readonly slotNames: string[] = [];
  /** Binary resources: where each is (pass 2 gathers it with the patient whose note links to it). */
  private readonly binaries = new Map<string, { file: number; record: number }>();
  /** Note attachments given by url: resolved to a Binary of the import in finish(), else a finding. */
  private readonly links: { ref: string; url: string; readable: boolean; subject: string; event: string; where: Where; field: string }[] =
    [];
  /** Per file: resources read but not stored as events, per kind. */
  readonly skipped: SkipCounter[] = [];
  patients: IndexedPatient[] = [];
  plan?: FhirPlan;

  constructor(
    private readonly log: IssueLog,
    private readonly validator: FhirValidator,
    private readonly files: { name: string; layout: "bundle" | "ndjson" }[],
    private readonly timeZone: string,
    private readonly findings?: FindingLog,
  ) {
    for (let k = 0; k < files.length; k++) {
      this.slots.push(new IntList());
      this.sizes.push(new IntList());
      this.skipped.push(new SkipCounter());
    }
  }

  private issue(where: Where, field: string, code: DomainCode, values?: DomainValues): void {
    this.log.add(issueAt(where, field, code, values));
  }

  /** A record that holds no resource (it keeps the record numbering of pass 2). */
  skip(file: number): void {
    this.skipped[file]?.add(NO_RESOURCE);
    (this.slots[file] as IntList).push(-1);
    (this.sizes[file] as IntList).push(0);
  }

  /** One resource (a bundle entry's `resource`, or an NDJSON line) of file `file`, record `record`. */
  add(file: number, raw: unknown, where: Where, chars: number, fullUrl?: string): void {
    const slots = this.slots[file] as IntList;
    const record = slots.length;
    slots.push(-1);
    (this.sizes[file] as IntList).push(chars);
    if (!isJson(raw)) {
      this.issue(where, "", "formats.fhirNotResource");
      return;
    }
    const problems = this.validator.check(raw);
    for (const p of [...problems, ...badAttachments(raw)]) this.issue(where, p.path, p.said.code, p.said.values);
    const key = resourceKey(raw, fullUrl);
    if (!key) {
      if (problems.length === 0) this.issue(where, "id", "formats.fhirNoId");
      return;
    }
    const first = this.keys.get(key);
    if (first) {
      this.issue(where, "id", "formats.fhirDuplicate", { key, firstFile: first.file, ...firstAt(first) });
      return;
    }
    this.keys.set(key, where);
    if (fullUrl?.startsWith("urn:")) this.aliases.set(fullUrl, key);
    // A resource with schema problems is still indexed (as far as it reads), so items citing it
    // are not reported as citing nothing: the file is refused for its own problems anyway.

    const role = roleOf(raw);
    const skipped = this.skipped[file] as SkipCounter;
    const type = String(raw.resourceType);
    if (role === "patient") {
      skipped.add(type);
      this.patientKeys.push({ key, where });
      slots.set(record, this.slotOf(key, where, ""));
      return;
    }
    if (role === "other") {
      skipped.add(type);
      if (type === "Binary") this.binaries.set(key, { file, record });
      return;
    }
    const subject = subjectOf(raw);
    const field = raw.resourceType === "Patient" ? "" : isJson(raw.subject) ? "subject" : "patient";
    if (!subject) {
      this.issue(where, "subject", "formats.fhirNoSubject", { type: String(raw.resourceType) });
      return;
    }
    const slot = this.slotOf(subject, where, `${field}.reference`);
    if (role === "encounter") {
      skipped.add(type);
      this.encounterSubjects.push({ key, subject });
      return;
    }
    slots.set(record, slot);
    if (role === "pregnancy") {
      skipped.add(`${type} (pregnancy)`);
      const onset = pregnancyOnset(raw);
      const t = eventTime(raw);
      const time = t && !isPartialDate(t.value) && isoToMillis(t.value, this.timeZone) !== null ? t.value : undefined;
      const began = isoToMillis(onset ?? time ?? "", this.timeZone) ?? Number.NEGATIVE_INFINITY;
      this.pregnancies.push({ subject, id: key.slice(key.indexOf("/") + 1), key, file, where, onset: onset !== undefined, time, began });
      return;
    }
    if (role === "dating" || hasCode(raw.code, SYSTEM.loinc, GA_CODES)) this.dated.add(subject);
    if (role === "dating") {
      skipped.add(`${type} (pregnancy dating)`);
      return;
    }
    this.addEvent(raw, key, subject, where, skipped);
  }

  private slotOf(ref: string, where: Where, field: string): number {
    let s = this.subjects.get(ref);
    if (!s) {
      s = { where, field, events: [], slot: this.slotNames.length };
      this.slotNames.push(ref);
      this.subjects.set(ref, s);
    }
    return s.slot;
  }

  private addEvent(r: Json, key: string, subject: string, where: Where, skipped: SkipCounter): void {
    const own = str(extension(r, EXT.eventType)?.valueCode);
    if (own && !(EVENT_TYPES as readonly string[]).includes(own))
      this.issue(where, "extension", "formats.fhirEventType", {
        got: JSON.stringify(own),
        extension: EXT.eventType,
        allowed: EVENT_TYPES.join(", "),
      });
    const type = String(r.resourceType);
    const elements = TIME_ELEMENTS[type] ?? [];
    const t = eventTime(r);
    if (!t) {
      if (SKIPPED_WITHOUT_TIME.has(type)) {
        skipped.add(`${type} (no time)`, skipReason("noTime", { type, elements: elements.join(", ") }));
        return;
      }
      this.issue(where, elements[0] ?? "", "formats.fhirNoTime", { type, elements: elements.join(", ") });
      return;
    }
    if (t.precision)
      this.findings?.add(
        where,
        t.element,
        "partial_date",
        `${t.element} ${JSON.stringify(t.written)} gives only the ${t.precision}: kept, placed at ${t.value} (the start of that ${t.precision})`,
        { event: key, written: t.written, precision: t.precision, placedAt: t.value },
      );
    else if (isPartialDate(t.value)) {
      this.issue(where, t.element, "formats.fhirPartialTime", { element: t.element, value: JSON.stringify(t.value) });
      return;
    }
    if (isoToMillis(t.value, this.timeZone) === null) {
      this.issue(where, t.element, "formats.fhirUnreadableTime", { element: t.element, value: JSON.stringify(t.value) });
      return;
    }
    const encounter = encounterOf(r);
    if (encounter)
      this.expect(
        encounter,
        where,
        r.resourceType === "DocumentReference"
          ? "context.encounter"
          : r.resourceType === "MedicationStatement" || r.resourceType === "MedicationAdministration"
            ? "context.reference"
            : "encounter.reference",
        "Encounter",
      );
    if (r.resourceType === "DiagnosticReport")
      list(r.result).forEach((x, k) => {
        const ref = refOf(x);
        if (ref) this.expect(ref, where, `result[${k}].reference`, "Observation");
      });
    for (const { path, attachment } of noteAttachments(r)) {
      const link = linkedAttachment(attachment);
      if (link) this.links.push({ ref: link.url, ...link, subject, event: key, where, field: `${path}.url` });
    }
    const s = this.subjects.get(subject) as Subject;
    s.events.push({ id: key, time: t.value });
    // FHIR gives every time of day a UTC offset and a date none: dates may stand beside either
    // kind, so only a time of day sets the kind the cutoffs must match.
    if (!s.zone && t.value.includes("T")) s.zone = { offset: true, where, field: t.element, value: t.value };
  }

  private expect(ref: string, where: Where, field: string, type: string): void {
    if (!this.pending.has(ref)) this.pending.set(ref, { where, field, type });
  }

  /** Whether the import holds a resource of this key (`Condition/abc`). */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  private resolve(ref: string): string {
    return this.aliases.get(ref) ?? referenceKey(ref);
  }

  /**
   * A note's text linked by url: a Binary of the import is gathered with the note's patient (its
   * record gets the patient's slot); a url outside the import, or to a format not read, is a
   * finding ("note text not available"): the note is kept without that text.
   */
  private linkBinaries(): void {
    for (const link of this.links) {
      const key = this.resolve(link.ref);
      const at = key.startsWith("Binary/") ? this.binaries.get(key) : undefined;
      const slot = (this.subjects.get(link.subject) as Subject).slot;
      const slots = at ? (this.slots[at.file] as IntList) : undefined;
      const owner = at && slots ? slots.get(at.record) : -1;
      if (at && slots && link.readable && (owner < 0 || owner === slot)) {
        slots.set(at.record, slot);
        continue;
      }
      const why = !at
        ? "is not part of this import"
        : !link.readable
          ? "is in a format this importer does not read as text"
          : "is linked from the notes of two patients (it is read for the first)";
      this.findings?.add(link.where, link.field, "note_text_unavailable", `note text not available: ${link.url} ${why}`, {
        event: link.event,
        url: link.url,
      });
    }
  }

  /** Cross-record rules; builds the patients and the pass-2 plan. */
  finish(): void {
    for (const [ref, p] of this.pending) {
      const key = this.resolve(ref);
      if (!this.keys.has(key)) this.issue(p.where, p.field, "formats.fhirUnresolved", { ref: JSON.stringify(ref) });
      else if (p.type && !key.startsWith(`${p.type}/`))
        this.issue(p.where, p.field, "formats.fhirWrongType", {
          ref: JSON.stringify(ref),
          type: String(key.split("/")[0]),
          expected: p.type,
        });
    }
    const index = new Map<string, number>();
    this.patients = this.patientKeys.map(({ key, where }, k) => {
      index.set(key, k);
      return { id: key.slice("Patient/".length), where, events: [], pregnancyId: null, encounters: new Set<string>() };
    });
    const chars = this.patients.map(() => 0);
    const slotPatient = this.slotNames.map((ref) => {
      const key = this.resolve(ref);
      const k = index.get(key);
      const s = this.subjects.get(ref) as Subject;
      if (k === undefined) {
        if (this.keys.has(key))
          this.issue(s.where, s.field, "formats.fhirSubjectNotPatient", { ref: JSON.stringify(ref), type: String(key.split("/")[0]) });
        else this.issue(s.where, s.field, "formats.fhirSubjectUnresolved", { ref: JSON.stringify(ref) });
        return -1;
      }
      const p = this.patients[k] as IndexedPatient;
      p.events.push(...s.events);
      p.zone ??= s.zone;
      return k;
    });
    for (const e of this.encounterSubjects) {
      const k = index.get(this.resolve(e.subject));
      if (k !== undefined) this.patients[k]?.encounters.add(e.key);
    }
    // A patient's pregnancy is her latest pregnancy Condition (by onset, else recorded time; ties:
    // the last written). Earlier ones (Synthea writes one per pregnancy) stay as diagnosis events.
    const byPatient = new Map<number, (typeof this.pregnancies)[number][]>();
    for (const preg of this.pregnancies) {
      const k = index.get(this.resolve(preg.subject));
      if (k === undefined) continue;
      const list = byPatient.get(k);
      if (list) list.push(preg);
      else byPatient.set(k, [preg]);
    }
    // Patients whose pregnancy nothing dates (no EDD / LMP / GA observation, no onset): a finding each.
    const datedPatients = new Map<string, (typeof this.pregnancies)[number]>();
    const chosen: (string | undefined)[] = this.patients.map(() => undefined);
    for (const [k, list] of byPatient) {
      const p = this.patients[k] as IndexedPatient;
      const pick = list.reduce((a, b) => (b.began >= a.began ? b : a));
      p.pregnancyId = pick.id;
      chosen[k] = pick.key;
      datedPatients.set(p.id, pick);
      for (const earlier of list) {
        if (earlier === pick) continue;
        if (earlier.time === undefined) {
          this.issue(earlier.where, "recordedDate", "formats.fhirEarlierPregnancy", { patient: p.id, latest: JSON.stringify(pick.id) });
          continue;
        }
        p.events.push({ id: earlier.key, time: earlier.time });
        this.skipped[earlier.file]?.remove("Condition (pregnancy)");
      }
    }
    for (const ref of this.dated) datedPatients.delete(this.resolve(ref).slice("Patient/".length));
    for (const [id, preg] of datedPatients)
      if (!preg.onset)
        this.findings?.add(
          preg.where,
          "onsetDateTime",
          "gestational_age_unknown",
          `Patient/${id}: the pregnancy has no estimated delivery date, LMP, gestational-age observation or onset, so gestational age is unknown on every event`,
          { patient: id, pregnancy: `Condition/${preg.id}` },
        );
    this.linkBinaries();
    // Owners: a record's slot becomes its patient's index, and the patient is charged its size.
    const owners = this.slots.map((slots, f) => {
      const sizes = this.sizes[f] as IntList;
      for (let r = 0; r < slots.length; r++) {
        const slot = slots.get(r);
        const k = slot < 0 ? -1 : (slotPatient[slot] as number);
        slots.set(r, k);
        if (k >= 0) chars[k] = (chars[k] as number) + sizes.get(r);
      }
      return slots;
    });
    // Pass 2 holds one patient's resources at once: a patient too large to hold is refused here.
    chars.forEach((n, k) => {
      const p = this.patients[k] as IndexedPatient;
      if (n > MAX_PATIENT_RECORD_CHARS)
        this.issue(p.where, "", "formats.fhirPatientTooBig", { patient: p.id, chars: fmt(n), cap: fmt(MAX_PATIENT_RECORD_CHARS) });
    });
    this.plan = {
      files: this.files,
      owners,
      patients: this.patients.map((p, k) => compact({ id: p.id, chars: chars[k] as number, pregnancy: chosen[k] })),
      aliases: this.aliases,
      timeZone: this.timeZone,
    };
  }
}
