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
import { badAttachments } from "./map-event";
import { NoteLinks } from "./note-links";
import { IntList, type FhirPlan } from "./plan";
import { PregnancyIndex } from "./pregnancies";
import { ReferenceCheck } from "./references";
import { GA_CODES, roleOf, subjectOf } from "./roles";
import { skipReason } from "../skip-reasons";
import { NO_RESOURCE, SkipCounter } from "./skipped";
import {
  eventTime,
  EXT,
  extension,
  hasCode,
  isJson,
  isPartialDate,
  referenceKey,
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
  private readonly references = new ReferenceCheck();
  private readonly pregnancies: PregnancyIndex;
  private readonly encounterSubjects: { key: string; subject: string }[] = [];
  /** Per file: per record, the slot of its subject (−1: not part of a patient's record). */
  private readonly slots: IntList[] = [];
  /** Per file: per record, its characters. */
  private readonly sizes: IntList[] = [];
  private readonly slotNames: string[] = [];
  private readonly noteLinks = new NoteLinks();
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
    this.pregnancies = new PregnancyIndex(timeZone);
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
      if (type === "Binary") this.noteLinks.addBinary(key, file, record);
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
      this.pregnancies.add(raw, key, subject, file, where);
      return;
    }
    if (role === "dating" || hasCode(raw.code, SYSTEM.loinc, GA_CODES)) this.pregnancies.markDated(subject);
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
    this.references.addEvent(r, where);
    this.noteLinks.addNote(r, key, subject, where);
    const s = this.subjects.get(subject) as Subject;
    s.events.push({ id: key, time: t.value });
    // FHIR gives every time of day a UTC offset and a date none: dates may stand beside either
    // kind, so only a time of day sets the kind the cutoffs must match.
    if (!s.zone && t.value.includes("T")) s.zone = { offset: true, where, field: t.element, value: t.value };
  }

  /** Whether the import holds a resource of this key (`Condition/abc`). */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  private readonly resolve = (ref: string): string => this.aliases.get(ref) ?? referenceKey(ref);

  /** Cross-record rules; builds the patients and the pass-2 plan. */
  finish(): void {
    this.references.check((key) => this.keys.has(key), this.resolve, this.log);
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
    const { log, findings, skipped } = this;
    const chosen = this.pregnancies.choose(this.patients, index, this.resolve, { log, findings, skipped });
    const slotOf = (subject: string) => (this.subjects.get(subject) as Subject).slot;
    this.noteLinks.resolve(this.resolve, slotOf, this.slots, this.findings);
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
