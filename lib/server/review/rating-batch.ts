import "server-only";
import type { Db } from "../../db/client";
import { rubricTurns, splitRatingKey } from "../../audits/item-dimensions";
import { parseRubric, type Rubric, type RubricDimension } from "../../audits/rubric";
import { AppError, type CatalogMessage } from "../errors";
import type { Settled } from "./group-commit";
import { raterGate } from "../calibration/gate";
import { queueClosed } from "../../calibration/score";

export interface RatingInput {
  assignmentId: string;
  dimension: string;
  category: string | null;
  expectedVersion: number;
  undo?: boolean | undefined;
}
export interface PendingRating {
  userId: string;
  input: RatingInput;
  /** When the save arrived: its audit-trail time, so one rater's saves keep their order. */
  at: Date;
}
export type RatingState = { dimension: string; category: string | null; version: number };
/** A save that lost the compare-and-set: the stored state it lost to. */
export type RatingResult = { saved: RatingState } | { conflict: RatingState };

/** Another writer changed a rating between this batch's read and its write: retry the saves alone. */
export class ConcurrentRatingChange extends Error {
  override name = "ConcurrentRatingChange";
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Writes a batch of rating saves in one transaction: each save is checked on its own (the rater's
 * own active assignment in an open audit, a dimension and category of its rubric: refused alone,
 * as an error result) and compared-and-set on its version; the accepted ones are written with
 * their audit-trail rows in a fixed number of statements per batch plus one per changed rating.
 * Resolves after the commit. Throws (everything rolled back) only on a database error or a
 * concurrent change from outside this process; the caller then retries each save alone.
 */
export async function writeRatingBatch(db: Db, saves: readonly PendingRating[]): Promise<Settled<RatingResult>[]> {
  return db.$transaction(async (tx) => {
    const dims = await checkSaves(tx, saves);
    const ids = [...new Set(saves.map((s) => s.input.assignmentId))];
    const stored = await tx.rating.findMany({
      where: { assignmentId: { in: ids } },
      select: { assignmentId: true, dimension: true, category: true, version: true },
    });
    // The state each (assignment, dimension) is in as the batch goes: a later save of the same
    // rating in this batch is compared with the earlier one's result, as if sent after it.
    type Row = { assignmentId: string; dimension: string; category: string | null; version: number };
    const state = new Map<string, { category: string | null; version: number; created?: Row }>(
      stored.map((r) => [`${r.assignmentId}\u0000${r.dimension}`, r]),
    );
    const creates: Row[] = [];
    const updates: { assignmentId: string; dimension: string; category: string | null; from: number }[] = [];
    const events: { actorId: string; action: string; entity: string; entityId: string; at: Date; before?: object; after: object }[] = [];
    const touched = new Set<string>();
    const results = saves.map((s, i): Settled<RatingResult> => {
      const dim = dims[i]!;
      if (!dim.ok) return dim;
      const { assignmentId, dimension, category, expectedVersion } = s.input;
      const key = `${assignmentId}\u0000${dimension}`;
      const current = state.get(key);
      if ((current?.version ?? 0) !== expectedVersion) {
        return { ok: true, value: { conflict: { dimension, category: current?.category ?? null, version: current?.version ?? 0 } } };
      }
      const version = expectedVersion + 1;
      const before = current && { dimension, category: current.category, version: current.version };
      if (!current) {
        const created = { assignmentId, dimension, category, version };
        creates.push(created);
        state.set(key, { category, version, created });
      } else if (current.created) {
        // Created earlier in this batch: the row is inserted once, as it ends up.
        Object.assign(current.created, { category, version });
        Object.assign(current, { category, version });
      } else {
        updates.push({ assignmentId, dimension, category, from: expectedVersion });
        state.set(key, { category, version });
      }
      touched.add(assignmentId);
      events.push({
        actorId: s.userId,
        action: s.input.undo ? "rating.undo" : "rating.save",
        entity: "Assignment",
        entityId: assignmentId,
        at: s.at,
        ...(before ? { before } : {}),
        after: { dimension, category, version },
      });
      return { ok: true, value: { saved: { dimension, category, version } } };
    });
    if (creates.length) await tx.rating.createMany({ data: creates });
    for (const u of updates) {
      const { count } = await tx.rating.updateMany({
        where: { assignmentId: u.assignmentId, dimension: u.dimension, version: u.from },
        data: { category: u.category, version: u.from + 1 },
      });
      if (count !== 1) throw new ConcurrentRatingChange(`rating ${u.assignmentId}/${u.dimension} changed during the batch`);
    }
    if (touched.size) await tx.assignment.updateMany({ where: { id: { in: [...touched] } }, data: { lastActivityAt: new Date() } });
    if (events.length) await tx.auditEvent.createMany({ data: events });
    return results;
  });
}

/**
 * Each save's rubric dimension, or its refusal: not the rater's own active assignment (404), an
 * audit that is not open, a dimension or category the rubric lacks, a turn the item lacks.
 * Two reads for the whole batch (the second only for per-turn dimensions).
 */
async function checkSaves(tx: Tx, saves: readonly PendingRating[]): Promise<Settled<RubricDimension>[]> {
  const ids = [...new Set(saves.map((s) => s.input.assignmentId))];
  const rows = await tx.assignment.findMany({
    where: { id: { in: ids }, active: true },
    select: { id: true, userId: true, auditId: true, auditItem: { select: { audit: { select: { status: true, rubric: true } } } } },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A rater whose queue waits for calibration saves nothing in it: one read for the batch's audits,
  // then one check per rater only in audits that have a calibration round.
  const held = new Set<string>();
  const calibrated = await tx.calibrationRound.findMany({
    where: { auditId: { in: [...new Set(rows.map((r) => r.auditId))] } },
    select: { auditId: true },
    distinct: ["auditId"],
  });
  const withRounds = new Set(calibrated.map((r) => r.auditId));
  for (const pair of new Set(rows.filter((r) => withRounds.has(r.auditId)).map((r) => `${r.userId}\u0000${r.auditId}`))) {
    const [userId, auditId] = pair.split("\u0000") as [string, string];
    if (queueClosed(await raterGate(tx, userId, auditId))) held.add(pair);
  }
  const rubrics = new Map<string, Rubric>(); // validated once per audit
  const perTurn: number[] = [];
  const checked = saves.map((s, i): Settled<RubricDimension> => {
    const a = byId.get(s.input.assignmentId);
    if (!a || a.userId !== s.userId) return refuse("NOT_FOUND", "review.errors.notFound");
    const { status, rubric } = a.auditItem.audit;
    if (status !== "OPEN") return refuse("LOCKED", status === "CLOSED" ? "review.errors.closed" : "review.errors.notOpen");
    if (held.has(`${a.userId}\u0000${a.auditId}`)) return refuse("LOCKED", "review.errors.calibrationFirst");
    if (!rubrics.has(a.auditId)) rubrics.set(a.auditId, parseRubric(rubric));
    const { key, turnOrder } = splitRatingKey(s.input.dimension);
    const dim = rubrics.get(a.auditId)!.find((d) => d.key === key);
    if (!dim || (turnOrder === null) !== !dim.perTurn) return refuse("INVALID", "review.errors.unknownDimension");
    if (s.input.category !== null && !dim.categories.some((c) => c.key === s.input.category))
      return refuse("INVALID", "review.errors.unknownCategory");
    if (turnOrder !== null) perTurn.push(i);
    return { ok: true, value: dim };
  });
  if (perTurn.length) {
    const items = await tx.assignment.findMany({
      where: { id: { in: perTurn.map((i) => saves[i]!.input.assignmentId) } },
      select: { id: true, auditItem: { select: { item: { select: { data: true } } } } },
    });
    const turns = new Map(items.map((r) => [r.id, rubricTurns(r.auditItem.item.data)]));
    for (const i of perTurn) {
      const { turnOrder } = splitRatingKey(saves[i]!.input.dimension);
      const dim = (checked[i] as { value: RubricDimension }).value;
      const turn = turns.get(saves[i]!.input.assignmentId)?.find((t) => t.turnOrder === turnOrder);
      if (!turn || turn.turnType !== dim.perTurn) checked[i] = refuse("INVALID", "review.errors.unknownDimension");
    }
  }
  return checked;
}

function refuse(code: AppError["code"], key: CatalogMessage["key"]): { ok: false; error: AppError } {
  return { ok: false, error: new AppError(code, { key }) };
}
