import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "../../db/client";

/**
 * A fingerprint of everything an audit's report is computed from, cheap enough to ask for every
 * few seconds (aggregates only, whatever the audit's size): the audit row's reported fields, its
 * assignments (count, active, flagged, active time, last activity: flags and comments stamp it)
 * and its ratings (count, version sum — every save increments a version — and latest change), and
 * its calibration: the rule (on the audit row), the practice items and keys (at most
 * MAX_PRACTICE_ITEMS rows), the rounds and the practice answers (count, active time, latest save:
 * answers and rounds are only ever added).
 * The live dashboard re-renders only when it changes, and the kept report (kept-report.ts) is
 * recomputed only then. Call only after the caller's access to the audit's results was checked.
 */
export async function dashboardVersion(db: Db, auditId: string): Promise<string> {
  const [audit, all, active, flagged, ratings, practice, rounds, answers] = await Promise.all([
    db.audit.findUnique({
      where: { id: auditId },
      select: {
        name: true,
        status: true,
        shareResults: true,
        sampleSize: true,
        populationSize: true,
        sampling: true,
        raterOrder: true,
        rubric: true,
        // A guideline save is marked on the agreement-over-time timeline.
        guidelines: true,
        calibrationPassPercent: true,
        calibrationGate: true,
      },
    }),
    db.assignment.count({ where: { auditId } }),
    db.assignment.aggregate({
      where: { auditId, active: true },
      _count: { _all: true },
      _sum: { activeMs: true },
      _max: { lastActivityAt: true },
    }),
    db.assignment.count({ where: { auditId, active: true, flagged: true } }),
    db.rating.aggregate({ where: { assignment: { auditId } }, _count: { _all: true }, _sum: { version: true }, _max: { updatedAt: true } }),
    db.calibrationItem.findMany({ where: { auditId }, orderBy: { position: "asc" }, select: { id: true, key: true } }),
    db.calibrationRound.aggregate({ where: { auditId }, _count: { _all: true }, _max: { number: true, startedAt: true } }),
    db.calibrationRating.aggregate({
      where: { round: { auditId } },
      _count: { _all: true },
      _sum: { activeMs: true },
      _max: { savedAt: true },
    }),
  ]);
  const fields = audit ? createHash("sha256").update(JSON.stringify(audit)).digest("hex").slice(0, 12) : "gone";
  const calibration = [
    createHash("sha256").update(JSON.stringify(practice)).digest("hex").slice(0, 12),
    rounds._count._all,
    rounds._max.number ?? 0,
    rounds._max.startedAt?.getTime() ?? 0,
    answers._count._all,
    answers._sum.activeMs ?? 0,
    answers._max.savedAt?.getTime() ?? 0,
  ].join(".");
  return [
    audit?.status ?? "gone",
    fields,
    all,
    active._count._all,
    flagged,
    active._sum.activeMs ?? 0,
    active._max.lastActivityAt?.getTime() ?? 0,
    ratings._count._all,
    ratings._sum.version ?? 0,
    ratings._max.updatedAt?.getTime() ?? 0,
    calibration,
  ].join(":");
}
