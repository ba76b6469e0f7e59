// The `clinaudit-audit-backup` file, version 3 (versions 1 and 2 are read too: 1 has no trail
// records, neither has access records): JSON Lines (one JSON object per line, UTF-8,
// optionally gzip-compressed). One audit, complete: the dataset version it samples (its rows as
// stored), the accounts it names (by email, never a password), the audit's configuration, its
// sampled items, assignments, ratings, comments, corrections and adjudication, its calibration round
// (practice items, keys, rounds, practice answers: `calibration` of the audit record), each sampled
// item's discussion thread (`messages` of the auditItem record, written only for an item that has
// one, so a file without threads is as before), and the audit's
// part of the audit trail (every event about the audit, its items, assignments and corrections).
//
//   line 1          header       { format, formatVersion, createdAt, generator, audit: { id, name } }
//   then, in order  dataset      one
//                   patient      each with its events and notes
//                   item         every item of the dataset
//                   user         every account the audit names
//                   audit        one
//                   auditItem    each with its adjudication (or null) and its thread (optional)
//                   assignment   each with its ratings and corrections (each with its decision)
//                   trail        each trail event about the audit, oldest first (version 2)
//                   access       each record-access event of the audit and of its patients' dataset
//                                item pages, oldest first (version 3)
//   last line       end          { records, counts, sha256 }
//
// `sha256` is the SHA-256 of every line before the end line, each as written plus "\n". Row ids are
// the source's; references between records use those ids, items are named by external id, people
// by email. Dates are ISO 8601 in UTC. The audit's own record schemas are in audit-records.ts.
import { z } from "zod";
import { ROLES } from "../auth/permissions";
import { importReportSchema } from "../formats/import-report";
import { id, email, instant, json, int } from "./fields";
import { accessSchema, assignmentSchema, auditItemSchema, auditSchema, trailSchema } from "./audit-records";
export { CORRECTION_KINDS, type CalibrationBackup, type CorrectionKind } from "./audit-records";

export const BACKUP_FORMAT = "clinaudit-audit-backup";
export const BACKUP_VERSION = 3;
/** Versions this ClinAudit reads: 2 is 3 without access records, 1 is 2 without trail records. */
export const READABLE_VERSIONS: readonly number[] = [1, 2, 3];

/** The record types in the order a file holds them (header and end excluded). */
export const RECORD_ORDER = ["dataset", "patient", "item", "user", "audit", "auditItem", "assignment", "trail", "access"] as const;
export type RecordType = (typeof RECORD_ORDER)[number];

export const headerSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  createdAt: instant,
  generator: z.string(),
  audit: z.strictObject({ id, name: z.string() }),
});

const datasetSchema = z.strictObject({
  type: z.literal("dataset"),
  id,
  name: z.string().min(1),
  version: int.min(1),
  family: z.enum(["ehr-decision-mcq", "notes-chatqa"]),
  format: z.string().min(1),
  formatVersion: z.string().nullable(),
  checksum: z.string().regex(/^[0-9a-f]{64}$/, "expected a SHA-256 in hex"),
  /** The zone its zone-less times were read in; written only when not UTC (older backups have none). */
  timeZone: z.string().min(1).optional(),
  meta: json,
  patientCount: int.min(0),
  itemCount: int.min(0),
  eventCount: int.min(0),
  noteCount: int.min(0),
  /** What the import read and ignored (lib/formats/import-report.ts); absent before reports were kept, as in older backups. */
  importReport: importReportSchema.optional(),
  importedAt: instant,
  importedBy: email.nullable(),
});

const eventSchema = z.strictObject({
  id,
  position: int.min(0),
  eventId: z.string(),
  time: instant,
  gaDays: int.nullable(),
  visitId: z.string().nullable(),
  type: z.string(),
  name: z.string(),
  text: z.string().nullable(),
  data: json,
});

const noteSchema = z.strictObject({ id, noteNum: int, chartdate: z.string(), text: z.string(), data: json });

const patientSchema = z.strictObject({
  type: z.literal("patient"),
  id,
  externalId: z.string(),
  position: int.min(0),
  data: json,
  events: z.array(eventSchema),
  notes: z.array(noteSchema),
});

const itemSchema = z.strictObject({
  type: z.literal("item"),
  id,
  patient: id,
  position: int.min(0),
  kind: z.enum(["mcq", "conversation"]),
  externalId: z.string().min(1),
  cutoffTime: instant.nullable(),
  chapter: z.string().nullable(),
  level: z.string().nullable(),
  decisionPoint: int.nullable(),
  ruleId: z.string().nullable(),
  question: z.string(),
  data: json,
});

const userSchema = z.strictObject({
  type: z.literal("user"),
  email,
  name: z.string().min(1),
  role: z.enum(ROLES),
  active: z.boolean(),
});

export const RECORD_SCHEMAS = {
  dataset: datasetSchema,
  patient: patientSchema,
  item: itemSchema,
  user: userSchema,
  audit: auditSchema,
  auditItem: auditItemSchema,
  assignment: assignmentSchema,
  trail: trailSchema,
  access: accessSchema,
} as const;

export const endSchema = z.strictObject({
  type: z.literal("end"),
  records: int.min(0),
  counts: z.record(z.string(), int.min(0)),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "expected a SHA-256 in hex"),
});

export type BackupHeader = z.infer<typeof headerSchema>;
export type DatasetRecord = z.infer<typeof datasetSchema>;
export type PatientRecord = z.infer<typeof patientSchema>;
export type EventRecord = z.infer<typeof eventSchema>;
export type NoteRecord = z.infer<typeof noteSchema>;
export type ItemRecord = z.infer<typeof itemSchema>;
export type UserRecord = z.infer<typeof userSchema>;
export type AuditRecord = z.infer<typeof auditSchema>;
export type AuditItemRecord = z.infer<typeof auditItemSchema>;
export type AssignmentRecord = z.infer<typeof assignmentSchema>;
export type TrailRecord = z.infer<typeof trailSchema>;
export type AccessRecord = z.infer<typeof accessSchema>;
export type BackupRecord =
  | DatasetRecord
  | PatientRecord
  | ItemRecord
  | UserRecord
  | AuditRecord
  | AuditItemRecord
  | AssignmentRecord
  | TrailRecord
  | AccessRecord;
export type EndRecord = z.infer<typeof endSchema>;
