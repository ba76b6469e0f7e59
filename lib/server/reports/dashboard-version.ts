import "server-only";
import { createHash } from "node:crypto";
import type { Db } from "../../db/client";

const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 12);

/**
 * A fingerprint of everything an audit's report is computed from, cheap at any size: the audit
 * row's reported fields (the calibration rule among them); its change counter (AuditStamp, which
 * database triggers advance on every insert, update or delete of the audit's assignments and
 * ratings: saves, flags, comments, corrections' activity stamps, active time, withdrawals), one
 * primary-key read; and its calibration: the practice items and keys (at most MAX_PRACTICE_ITEMS
 * rows), the rounds and the practice answers (count, active time, latest save: answers and rounds
 * are only ever added); and the latent-class intervals kept for it (count and latest, one small
 * aggregate: a report shows an interval once it is computed in the background). The live dashboard re-renders only when it changes, and the kept report
 * (kept-report.ts) is recomputed only then. Call only after the caller's access to the audit's
 * results was checked.
 */
export async function dashboardVersion(db: Db, auditId: string): Promise<string> {
  const [audit, stamp, practice, rounds, answers, intervals] = await Promise.all([
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
    db.auditStamp.findUnique({ where: { auditId }, select: { changes: true } }),
    db.calibrationItem.findMany({ where: { auditId }, orderBy: { position: "asc" }, select: { id: true, key: true } }),
    db.calibrationRound.aggregate({ where: { auditId }, _count: { _all: true }, _max: { number: true, startedAt: true } }),
    db.calibrationRating.aggregate({
      where: { round: { auditId } },
      _count: { _all: true },
      _sum: { activeMs: true },
      _max: { savedAt: true },
    }),
    db.latentClassInterval.aggregate({ where: { auditId }, _count: { _all: true }, _max: { computedAt: true } }),
  ]);
  const calibration = [
    digest(practice),
    rounds._count._all,
    rounds._max.number ?? 0,
    rounds._max.startedAt?.getTime() ?? 0,
    answers._count._all,
    answers._sum.activeMs ?? 0,
    answers._max.savedAt?.getTime() ?? 0,
  ].join(".");
  const latent = `${intervals._count._all}.${intervals._max.computedAt?.getTime() ?? 0}`;
  // The intervals last: sameButIntervals reads them as the part after the last ":".
  return [audit?.status ?? "gone", audit ? digest(audit) : "gone", stamp?.changes ?? "none", calibration, latent].join(":");
}

/**
 * Whether two versions of an audit differ at most in its kept latent-class intervals (their last
 * part): the ratings and everything else a report reads are the same, so the report of one is the
 * other's with its intervals taken in (withLatentIntervals).
 */
export function sameButIntervals(a: string, b: string): boolean {
  return butIntervals(a) === butIntervals(b);
}

/** A version without its kept intervals' part: the same for two versions that are sameButIntervals. */
export function butIntervals(version: string): string {
  return version.slice(0, version.lastIndexOf(":"));
}
