import "server-only";
import type { Db } from "../../db/client";
import type { CalibrationSnapshot } from "../../reports/calibration";
import { roundViews } from "../calibration/gate";

/** A stored { rating key: category } as plain strings (anything else is not an answer). */
function labelsOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === "object" && !Array.isArray(value))
    for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
  return out;
}

/**
 * The audit's calibration for its report: the rule, the practice items with their keys and
 * rationales, the rounds with when they started, and every answer of the snapshot's raters (a withdrawn rater's are left out, as their ratings
 * are). Four reads filtered by the audit (answers through their round), none binding a list of
 * ids. Null when no round was started: there is nothing to report.
 */
export async function loadCalibrationSnapshot(db: Db, auditId: string, raterIds: ReadonlySet<string>): Promise<CalibrationSnapshot | null> {
  const rounds = await db.calibrationRound.findMany({
    where: { auditId },
    orderBy: { number: "asc" },
    select: { id: true, number: true, raterIds: true, startedAt: true },
  });
  if (rounds.length === 0) return null;
  const [audit, items, answers] = await Promise.all([
    db.audit.findUnique({ where: { id: auditId }, select: { calibrationPassPercent: true, calibrationGate: true } }),
    db.calibrationItem.findMany({
      where: { auditId },
      orderBy: { position: "asc" },
      select: { id: true, key: true, rationale: true, item: { select: { externalId: true } } },
    }),
    db.calibrationRating.findMany({
      where: { round: { auditId } },
      select: { roundId: true, userId: true, calibrationItemId: true, labels: true, activeMs: true },
    }),
  ]);
  if (!audit) return null;
  const number = new Map(rounds.map((r) => [r.id, r.number] as const));
  return {
    passPercent: audit.calibrationPassPercent,
    gate: audit.calibrationGate,
    items: items.map((i) => ({ id: i.id, externalId: i.item.externalId, key: labelsOf(i.key), rationale: i.rationale })),
    rounds: roundViews(rounds).map((r, i) => ({
      number: r.number,
      raterIds: r.raterIds && [...r.raterIds],
      startedAt: rounds[i]!.startedAt.toISOString(),
    })),
    answers: answers
      .filter((a) => raterIds.has(a.userId))
      .map((a) => ({
        round: number.get(a.roundId)!,
        raterId: a.userId,
        itemId: a.calibrationItemId,
        labels: labelsOf(a.labels),
        activeMs: a.activeMs,
      }))
      // The same data, the same order, whatever order the engine returned the rows in.
      .sort(
        (x, y) =>
          x.round - y.round ||
          (x.raterId < y.raterId ? -1 : x.raterId > y.raterId ? 1 : x.itemId < y.itemId ? -1 : x.itemId > y.itemId ? 1 : 0),
      ),
  };
}
