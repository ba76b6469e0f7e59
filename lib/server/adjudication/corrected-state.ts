import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import { APPLY_ORDER, type AppliedChange, type Decision } from "../../adjudication/apply";
import { processWide } from "../../process-wide";
import { Kept } from "../reports/kept";

/**
 * Bumped whenever the corrected export's output changes for the same inputs (a writer, the
 * change log, the derivation of evidence text), so files cached by older code are rebuilt.
 */
export const CORRECTED_EXPORT_VERSION = 3;

export interface CorrectedState {
  auditId: string;
  auditName: string;
  datasetId: string;
  datasetName: string | null;
  format: string;
  timeZone: string;
  /** The accepted decisions in the order they are applied. */
  decisions: Decision[];
  /**
   * What the files are a function of (the dataset never changes after import): any change of
   * the adjudication — a decision, its applied change or rationale, a name in the change log,
   * the audit's name, the sample's size (the revision summary's denominators) — gives another key.
   */
  key: string;
}

const kept = processWide("kept-corrected-states", () => new Kept<CorrectedState | null>());

/**
 * The audit's accepted corrections, kept per what they are read from (correctedInputs). Shared by
 * every caller: not to be changed. Null: no such audit.
 */
export async function correctedState(db: Db, auditId: string): Promise<CorrectedState | null> {
  const inputs = await correctedInputs(db, auditId);
  return inputs === null ? null : kept.get(auditId, inputs, () => readCorrectedState(db, auditId));
}

/**
 * A fingerprint of everything readCorrectedState reads, in three small queries instead of its
 * decisions with their proposals, raters and items (~5 ms at a full review's 95 adjudicated
 * items, on every dashboard, adjudication list and download). The stamp's `decisions` counter is
 * kept by the database: it moves with every decision and every edit or removal of a proposal; the
 * audit's name and the sample's size are read; a name in the change log is an account's, and any
 * account's change moves the users' latest update. What else is read never changes: an
 * assignment keeps its rater, a sampled item its place and its item. The ratings are not read,
 * so a saved rating (the stamp's `changes`) leaves the state kept. Null: no such audit.
 */
async function correctedInputs(db: Db, auditId: string): Promise<string | null> {
  const [stamp, sampled, accounts] = await Promise.all([
    db.auditStamp.findUnique({
      where: { auditId },
      select: { decisions: true, audit: { select: { name: true, datasetId: true } } },
    }),
    db.auditItem.count({ where: { auditId } }),
    db.user.aggregate({ _count: { _all: true }, _max: { updatedAt: true } }),
  ]);
  if (!stamp) return null;
  const people = `${accounts._count._all}.${accounts._max.updatedAt?.getTime() ?? 0}`;
  return JSON.stringify([stamp.decisions, stamp.audit.name, stamp.audit.datasetId, sampled, people]);
}

/** The audit's accepted corrections, read from the database. */
async function readCorrectedState(db: Db, auditId: string): Promise<CorrectedState | null> {
  const audit = await db.audit.findUnique({
    where: { id: auditId },
    select: { name: true, datasetId: true, dataset: { select: { format: true, timeZone: true, meta: true } } },
  });
  if (!audit) return null;
  const rows = await db.correctionDecision.findMany({
    where: { auditId, decision: { in: ["ACCEPTED", "EDITED"] } },
    select: {
      decision: true,
      applied: true,
      rationale: true,
      adjudicatorId: true,
      correction: {
        select: {
          kind: true,
          turnOrder: true,
          rationale: true,
          assignment: {
            select: {
              user: { select: { name: true } },
              auditItem: { select: { sampleOrder: true, item: { select: { externalId: true } } } },
            },
          },
        },
      },
    },
  });
  // Extending the sample changes the change log's revision summary (its denominators), not the decisions.
  const sampled = await db.auditItem.count({ where: { auditId } });
  const people = new Map(
    (await db.user.findMany({ where: { id: { in: rows.map((d) => d.adjudicatorId) } }, select: { id: true, name: true } })).map((u) => [
      u.id,
      u.name,
    ]),
  );
  // Per item in APPLY_ORDER (as checked when the adjudication was saved); the applied JSON
  // carries the turn (conversations), so each change lands on its turn.
  rows.sort(
    (a, b) =>
      a.correction.assignment.auditItem.sampleOrder - b.correction.assignment.auditItem.sampleOrder ||
      APPLY_ORDER.indexOf(a.correction.kind) - APPLY_ORDER.indexOf(b.correction.kind) ||
      a.correction.turnOrder - b.correction.turnOrder,
  );
  const decisions: Decision[] = rows.map((d) => ({
    item: d.correction.assignment.auditItem.item.externalId,
    change: d.applied as unknown as AppliedChange,
    proposedBy: d.correction.assignment.user.name,
    decidedBy: people.get(d.adjudicatorId) ?? "unknown",
    decision: d.decision as "ACCEPTED" | "EDITED",
    rationale: d.rationale,
    proposalRationale: d.correction.rationale,
  }));
  const meta = audit.dataset.meta as Record<string, unknown>;
  const datasetName = typeof meta.name === "string" ? meta.name : null;
  const key = createHash("sha256")
    .update(JSON.stringify({ v: CORRECTED_EXPORT_VERSION, dataset: audit.datasetId, audit: audit.name, sampled, decisions }))
    .digest("hex")
    .slice(0, 32);
  return {
    auditId,
    auditName: audit.name,
    datasetId: audit.datasetId,
    datasetName,
    format: audit.dataset.format,
    timeZone: audit.dataset.timeZone,
    decisions,
    key,
  };
}
