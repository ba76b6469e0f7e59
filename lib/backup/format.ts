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
// by email. Dates are ISO 8601 in UTC.
import { z } from "zod";
import { rubricSchema } from "../audits/rubric";
import { englishIssue } from "../schemas/english";
import { ROLES } from "../auth/permissions";
import { ACCESS_ACTIONS } from "../access-log/events";
import { importReportSchema } from "../formats/import-report";
import { MODEL_STRATA } from "../sampling/model-strata-keys";

export const BACKUP_FORMAT = "clinaudit-audit-backup";
export const BACKUP_VERSION = 3;
/** Versions this ClinAudit reads: 2 is 3 without access records, 1 is 2 without trail records. */
export const READABLE_VERSIONS: readonly number[] = [1, 2, 3];

/** The record types in the order a file holds them (header and end excluded). */
export const RECORD_ORDER = ["dataset", "patient", "item", "user", "audit", "auditItem", "assignment", "trail", "access"] as const;
export type RecordType = (typeof RECORD_ORDER)[number];

const id = z.string().min(1).max(200);
const email = z.string().min(3).max(320);
const instant = z.iso.datetime({ offset: true });
const json = z.unknown().refine((v) => v !== undefined, "required field is missing");
const int = z.number().int();
/** A valid rubric, kept exactly as stored (validated, not transformed). */
const rubric = z.unknown().superRefine((value, ctx) => {
  const r = rubricSchema.safeParse(value);
  if (!r.success)
    for (const issue of r.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: englishIssue(issue), input: value });
});

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

/** A string → string map of labels (a key, an answer): { [rating key]: category }. */
const labels = z.record(z.string().max(100), z.string().max(100));

/**
 * The audit's calibration round (optional: written only for an audit that has one, so other files
 * stay as they were): the pass rule, the practice items with their key, every round with the
 * raters it asked (null: all) and their practice answers. Practice items are named by external id.
 */
const calibrationSchema = z.strictObject({
  passPercent: int.min(0).max(100),
  gate: z.boolean(),
  items: z.array(z.strictObject({ id, item: z.string().min(1), position: int.min(1), key: labels, rationale: z.string() })),
  rounds: z.array(
    z.strictObject({
      id,
      number: int.min(1),
      raters: z.array(email).nullable(),
      startedAt: instant,
      startedBy: email,
      ratings: z.array(z.strictObject({ id, user: email, item: id, labels, activeMs: int.min(0), savedAt: instant })),
    }),
  ),
});
export type CalibrationBackup = z.infer<typeof calibrationSchema>;

const auditSchema = z.strictObject({
  type: z.literal("audit"),
  id,
  name: z.string().min(1),
  status: z.enum(["DRAFT", "OPEN", "CLOSED"]),
  rubric,
  sampleSize: int.min(0),
  seed: z.string(),
  strata: z.array(z.string()),
  sampling: json,
  populationSize: int.min(0),
  design: z.string().min(1),
  ratersPerItem: int.nullable(),
  shareResults: z.boolean(),
  createdBy: email,
  adjudicator: email.nullable(),
  /** Rater label order R1…Rn, by email. */
  raterOrder: z.array(email),
  createdAt: instant,
  openedAt: instant.nullable(),
  closedAt: instant.nullable(),
  calibration: calibrationSchema.optional(),
  /** A model-guided sample's design (Audit.modelDesign); written only for such an audit. */
  modelDesign: json.optional(),
});

const adjudicationSchema = z.strictObject({
  id,
  adjudicator: email,
  finalLabels: z.record(z.string(), z.string()),
  rationale: z.string(),
  removeItem: z.boolean(),
  decidedAt: instant,
  updatedAt: instant,
});

/** One message of an item's discussion thread, as written (lib/server/discussion/thread.ts). */
const threadMessageSchema = z.strictObject({ id, author: email, text: z.string(), createdAt: instant });

const auditItemSchema = z.strictObject({
  type: z.literal("auditItem"),
  id,
  item: z.string().min(1),
  sampleOrder: int,
  adjudication: adjudicationSchema.nullable(),
  /** The item's discussion thread, oldest first; absent when it has none (and in older files). */
  messages: z.array(threadMessageSchema).min(1).optional(),
  /** The item's model-disagreement stratum; written only for a model-guided sample. */
  modelStratum: z.enum(MODEL_STRATA).optional(),
});

const ratingSchema = z.strictObject({
  id,
  dimension: z.string(),
  category: z.string().nullable(),
  version: int.min(0),
  createdAt: instant,
  updatedAt: instant,
});

export const CORRECTION_KINDS = ["STEM", "GOLD", "DISTRACTOR", "EVIDENCE", "REMOVE_TURN", "REMOVE"] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

const decisionSchema = z.strictObject({
  id,
  adjudicator: email,
  decision: z.enum(["ACCEPTED", "EDITED", "REJECTED"]),
  applied: json.nullable(),
  rationale: z.string(),
  decidedAt: instant,
});

const correctionSchema = z.strictObject({
  id,
  kind: z.enum(CORRECTION_KINDS),
  turnOrder: int.min(0),
  proposal: z.string(),
  newGold: z.string().nullable(),
  rationale: z.string(),
  version: int.min(0),
  createdAt: instant,
  updatedAt: instant,
  decision: decisionSchema.nullable(),
});

const assignmentSchema = z.strictObject({
  type: z.literal("assignment"),
  id,
  auditItem: id,
  user: email,
  active: z.boolean(),
  assignedAt: instant,
  withdrawnAt: instant.nullable(),
  comment: z.string(),
  commentVersion: int.min(0),
  lastActivityAt: instant.nullable(),
  // Added later in version 1 (optional, so older files still read): the item's place in the
  // rater's review order, measured active time (ms) and the discussion flag.
  reviewPosition: int.min(1).nullable().optional(),
  activeMs: int.min(0).optional(),
  flagged: z.boolean().optional(),
  ratings: z.array(ratingSchema),
  corrections: z.array(correctionSchema),
});

/** One trail event as recorded (its actor by email; null: the system or the CLI). */
const trailSchema = z.strictObject({
  type: z.literal("trail"),
  id,
  at: instant,
  actor: email.nullable(),
  action: z.string().min(1).max(200),
  entity: z.string().min(1).max(200),
  entityId: id,
  before: json,
  after: json,
});

/**
 * One record access (the access log): who by email, the patient and item by external id, and
 * whether it was of this audit (a case, an adjudication item, a download) or a dataset item page.
 */
const accessSchema = z.strictObject({
  type: z.literal("access"),
  id,
  at: instant,
  user: email,
  action: z.enum(ACCESS_ACTIONS),
  audit: z.boolean(),
  patient: z.string().nullable(),
  item: z.string().nullable(),
  auditItem: id.nullable(),
  detail: z.string().max(10_000).nullable(),
  address: z.string().max(200).nullable(),
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
