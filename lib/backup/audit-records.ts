// The audit's own records of a backup file (format: lib/backup/format.ts): the audit with its
// calibration round, its sampled items with adjudication and thread, assignments with ratings and
// corrections, the trail and the record-access events.
import { z } from "zod";
import { ACCESS_ACTIONS } from "../access-log/events";
import { MODEL_STRATA } from "../sampling/model-strata-keys";
import { id, email, instant, json, int, rubric } from "./fields";

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

export const auditSchema = z.strictObject({
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

export const auditItemSchema = z.strictObject({
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

export const assignmentSchema = z.strictObject({
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
export const trailSchema = z.strictObject({
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
export const accessSchema = z.strictObject({
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
