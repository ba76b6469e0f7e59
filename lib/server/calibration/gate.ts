import "server-only";
import type { Db } from "../../db/client";
import { type GateState, gateState, type Labels, type PracticeAnswer, queueClosed, type RoundView } from "../../calibration/score";
import { AppError } from "../errors";

/** The audit's calibration rounds as the pure rules read them (raterIds: a JSON list or null). */
export function roundViews(rows: readonly { id: string; number: number; raterIds: unknown }[]): RoundView[] {
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    raterIds: Array.isArray(r.raterIds) ? (r.raterIds as unknown[]).filter((x): x is string => typeof x === "string") : null,
  }));
}

/**
 * Where one rater stands in an audit's calibration (lib/calibration/score.ts gateState). One
 * indexed read for an audit without calibration rounds; three with them.
 */
/** The reads raterGate needs: a client or a transaction's. */
type GateDb = Pick<Db, "calibrationRound" | "audit" | "calibrationRating">;

export async function raterGate(db: GateDb, userId: string, auditId: string): Promise<GateState> {
  const rounds = await db.calibrationRound.findMany({ where: { auditId }, select: { id: true, number: true, raterIds: true } });
  if (rounds.length === 0) return { kind: "none" };
  // One after the other: a transaction's client runs one statement at a time anyway.
  const audit = await db.audit.findUnique({
    where: { id: auditId },
    select: { calibrationPassPercent: true, calibrationGate: true, _count: { select: { calibrationItems: true } } },
  });
  const answers = await db.calibrationRating.findMany({
    where: { userId, round: { auditId } },
    select: { roundId: true, labels: true, activeMs: true, calibrationItem: { select: { key: true } } },
  });
  if (!audit) return { kind: "none" };
  const byRound = new Map<string, PracticeAnswer[]>();
  for (const a of answers) {
    const list = byRound.get(a.roundId) ?? [];
    list.push({ key: a.calibrationItem.key as Labels, labels: a.labels as Labels, activeMs: a.activeMs });
    byRound.set(a.roundId, list);
  }
  return gateState(userId, roundViews(rounds), audit._count.calibrationItems, (id) => byRound.get(id) ?? [], {
    passPercent: audit.calibrationPassPercent,
    gate: audit.calibrationGate,
  });
}

/** Refuses a save or a case page of the real queue while the rater's calibration holds it closed. */
export async function assertQueueOpen(db: GateDb, userId: string, auditId: string): Promise<void> {
  if (queueClosed(await raterGate(db, userId, auditId)))
    throw new AppError("LOCKED", { key: "review.errors.calibrationFirst" }, undefined, { auditId });
}
