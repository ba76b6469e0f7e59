// Data-quality findings: content defects of a benchmark (duplicate options, an empty stem, a
// cited section the note does not have, no note text at all). They do not refuse the file —
// finding them is what an audit is for — they are imported with the dataset and shown to the
// auditors. In strict mode each one is a located issue instead, and nothing is imported.
import { type IssueLog, issueAt, type Where } from "./issues";

export const FINDING_KINDS = [
  "duplicate_option", // two options of one turn read the same (the release writer's normalisation)
  "empty_question", // a turn without a stem
  "empty_option", // a distractor with no text
  "unparseable_source_option", // a source-turn distractor that names no "Note #N"
  "missing_section", // a source option cites a header the note does not have
  "num_notes_mismatch", // num_notes says N notes, the item has M
  "no_note_text", // the dataset carries no discharge summary at all
  "partial_date", // a FHIR history entry dated to a month or a year only: kept at the period's start
  "note_text_unavailable", // a FHIR note whose text is a link outside the export (or a format not read)
  "gestational_age_unknown", // a FHIR pregnancy with no EDD, LMP, GA observation or onset to date it
  "pregnancy_id_not_pregnancy", // an item's pregnancy_id names no pregnancy Condition of its patient
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export interface Finding {
  kind: FindingKind;
  file: string;
  line?: number;
  record?: number;
  field: string;
  /** The item's external id (conversation or instance id); absent for dataset-level findings. */
  item?: string;
  /** English, for the command line and logs; the interface words it from `kind` + `detail`. */
  message: string;
  detail: Record<string, unknown>;
}

/** Kept in memory per import; beyond this, findings are counted but not kept. */
export const MAX_FINDINGS = 20_000;

/** Collects findings, or in strict mode turns each into a located issue. */
export class FindingLog {
  readonly findings: Finding[] = [];
  total = 0;

  constructor(
    private readonly issues: IssueLog,
    readonly strict = false,
    private readonly cap = MAX_FINDINGS,
  ) {}

  add(where: Where, field: string, kind: FindingKind, message: string, detail: Record<string, unknown>, item?: string): void {
    const issue = issueAt(where, field, "formats.strictFinding", { finding: message });
    if (this.strict) {
      this.issues.add(issue);
      return;
    }
    this.total++;
    if (this.findings.length >= this.cap) return;
    const finding: Finding = { kind, file: issue.file, field: issue.field, message, detail };
    if (issue.line !== undefined) finding.line = issue.line;
    if (issue.record !== undefined) finding.record = issue.record;
    if (item !== undefined) finding.item = item;
    this.findings.push(finding);
  }
}

/** "file:line" (or just the file) — where a finding can be looked up in the source. */
export function findingLocation(f: Pick<Finding, "file" | "line">): string {
  return f.line === undefined ? f.file : `${f.file}:${f.line}`;
}

/**
 * An option as the EHRNote-ChatQA release writer compares options for duplicates: whitespace
 * runs collapsed (and trimmed), trailing periods stripped, lower-cased
 * (`" ".join(t.split()).rstrip(".").lower()`).
 */
export function normalizeOption(text: string): string {
  return text.trim().split(/\s+/).join(" ").replace(/\.+$/, "").toLowerCase();
}
