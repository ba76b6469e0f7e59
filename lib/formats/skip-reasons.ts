// Why records of a file were read but not stored (FileStats.skipped): a catalog key with its
// values, as the table notes have (table-header.ts), so the web words each reason per language
// (messages/*/datasets.json, datasets.report.skippedReasons) and the command line in English here.

type Detail = Record<string, string>;

const SUPPORTING = "Referred to by the patient's events (who, where, which product); not an event of the record itself.";

/** Every reason, in English (the command line, the kept report's `reason`), by key. */
const REASONS = {
  patient: () => "Read as the patient (id, sex, birth date): the record's owner, not an event of it.",
  encounter: () => "Read as visits: each event carries its encounter as its visit; an encounter is not an event.",
  pregnancy: () => "Read as the pregnancy itself: its id is the items' pregnancy_id and it bounds gestational age; not an event.",
  pregnancyDating: () => "Read as the pregnancy's dating (EDD / LMP), from which every event's gestational age is counted.",
  binary: () => "Read as the text of the note (DocumentReference / DiagnosticReport) that links to it, not as an event of its own.",
  supporting: () => SUPPORTING,
  billing: () => "Billing and coverage, not clinical: not part of the record a clinician reads.",
  provenance: () => "Who wrote or changed the records: metadata about the export, not clinical content.",
  noResource: () => "A Bundle entry without a resource (e.g. a transaction's DELETE) holds no record.",
  noTime: (d: Detail) => `${d.type} without a time (${d.elements}): it cannot be placed before or after a cutoff.`,
  unmapped: (d: Detail) =>
    `${d.type} is a resource type this importer does not map to events (lib/formats/fhir/README.md lists the mapping).`,
} satisfies Record<string, (detail: Detail) => string>;

export type SkipReasonKey = keyof typeof REASONS;
export const SKIP_REASON_KEYS = Object.keys(REASONS) as [SkipReasonKey, ...SkipReasonKey[]];
/** The values each reason's message uses (the catalogs must use the same). */
export const SKIP_REASON_VALUES: Record<SkipReasonKey, readonly string[]> = {
  patient: [],
  encounter: [],
  pregnancy: [],
  pregnancyDating: [],
  binary: [],
  supporting: [],
  billing: [],
  provenance: [],
  noResource: [],
  noTime: ["type", "elements"],
  unmapped: ["type"],
};

export interface SkipReason {
  key: SkipReasonKey;
  detail: Detail;
  /** The reason in English. */
  reason: string;
}

export function skipReason(key: SkipReasonKey, detail: Detail = {}): SkipReason {
  return { key, detail, reason: REASONS[key](detail) };
}
