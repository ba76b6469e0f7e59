// The one time rule's per-patient half (README "One time rule"): one patient's record and its
// items give every time with a UTC offset, or none. Used by validate-ehr.ts as records and
// cutoffs arrive; the FHIR reader hands in the first time of a record it indexed itself.
import { type IssueLog, issueAt, joinPath, type Where } from "./issues";
import { hasUtcOffset } from "./primitives";

/** A time of a patient's record: whether it has a UTC offset, and where the first such time is. */
export interface ZoneExample {
  offset: boolean;
  where: Where;
  field: string;
  value: string;
}

/** What a patient's record has shown of its times so far. */
export interface RecordZone {
  /** The first time of the record (events, then cutoffs as they are checked): the kind all others must match. */
  zone?: ZoneExample;
  /** A mix was reported (once per patient: one is enough to act on). */
  zoneMixed?: boolean;
}

/**
 * One record either gives every time with a UTC offset or none: mixed, the zone-less ones
 * could only be guessed at (the bug this rule closes: a cutoff at 14:08-12:00 over zone-less
 * events let the record's 14:09-14:15 through). `timeZone` is the dataset's, named in the issue.
 */
export function checkZone(entry: RecordZone, where: Where, field: string, value: string, log: IssueLog, timeZone: string): void {
  const offset = hasUtcOffset(value);
  const first = entry.zone;
  if (!first) {
    entry.zone = { offset, where, field, value };
    return;
  }
  if (first.offset === offset || entry.zoneMixed) return;
  entry.zoneMixed = true;
  const lineBased = first.where.line !== undefined && first.where.path === "";
  log.add(
    issueAt(where, field, offset ? "formats.zoneMixedHas" : "formats.zoneMixedHasNot", {
      field,
      value: JSON.stringify(value),
      firstValue: JSON.stringify(first.value),
      firstFile: first.where.file,
      firstLine: lineBased ? String(first.where.line) : "none",
      firstPath: lineBased ? first.field : joinPath(first.where.path, first.field),
      zone: timeZone,
    }),
  );
}
