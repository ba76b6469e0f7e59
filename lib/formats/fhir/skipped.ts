// Resources read but not stored as events, counted per file and per kind with the reason in a
// sentence (FileStats.skipped, lib/formats/progress.ts): for each file, its resources = the
// events stored from it + the sum of these counts. Nothing of an export vanishes without a word.
import type { SkippedRecords } from "../progress";

const SUPPORTING = "Referred to by the patient's events (who, where, which product); not an event of the record itself.";
const BILLING = "Billing and coverage, not clinical: not part of the record a clinician reads.";

/** Why a resource type outside the mapping is not stored (README.md, "Mapping"). */
const REASONS: Record<string, string> = {
  Patient: "Read as the patient (id, sex, birth date): the record's owner, not an event of it.",
  Encounter: "Read as visits: each event carries its encounter as its visit; an encounter is not an event.",
  "Condition (pregnancy)": "Read as the pregnancy itself: its id is the items' pregnancy_id and it bounds gestational age; not an event.",
  "Observation (pregnancy dating)": "Read as the pregnancy's dating (EDD / LMP), from which every event's gestational age is counted.",
  Binary: "Read as the text of the note (DocumentReference / DiagnosticReport) that links to it, not as an event of its own.",
  Practitioner: SUPPORTING,
  PractitionerRole: SUPPORTING,
  Organization: SUPPORTING,
  Location: SUPPORTING,
  Medication: SUPPORTING,
  Device: SUPPORTING,
  Substance: SUPPORTING,
  Claim: BILLING,
  ExplanationOfBenefit: BILLING,
  Coverage: BILLING,
  Provenance: "Who wrote or changed the records: metadata about the export, not clinical content.",
};

export const skipReason = (what: string): string =>
  REASONS[what] ?? `${what} is a resource type this importer does not map to events (lib/formats/fhir/README.md lists the mapping).`;

/** An entry with no resource (a transaction's DELETE), or a resource that could not be read. */
export const NO_RESOURCE = "(Bundle entry without a resource)";

/** Per-kind counts for one file, in order of first appearance. */
export class SkipCounter {
  private readonly byKind = new Map<string, SkippedRecords>();

  add(
    what: string,
    reason = what === NO_RESOURCE ? "A Bundle entry without a resource (e.g. a transaction's DELETE) holds no record." : skipReason(what),
  ): void {
    const s = this.byKind.get(what);
    if (s) s.count++;
    else this.byKind.set(what, { what, count: 1, reason });
  }

  /** One of `what` turned out to be stored after all (an earlier pregnancy, kept as an event). */
  remove(what: string): void {
    const s = this.byKind.get(what);
    if (s && --s.count === 0) this.byKind.delete(what);
  }

  list(): SkippedRecords[] {
    return [...this.byKind.values()];
  }
}
