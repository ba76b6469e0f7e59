import "server-only";
import type { Db } from "../../db/client";
import { type Labels, type PracticeAnswer, type PracticeScore, passes, scorePractice } from "../../calibration/score";
import { roundViews } from "./gate";

export interface RaterRoundResult {
  userId: string;
  name: string;
  round: number;
  done: number;
  total: number;
  score: PracticeScore;
  status: "passed" | "notPassed" | "inProgress";
}

/**
 * The audit's calibration as its organizer sees it: the rule, the practice items with their keys,
 * the rounds, and each rater's result in each round that asked them (organizer/admin pages only).
 */
export async function calibrationOverview(db: Db, auditId: string) {
  const [audit, items, rounds] = await Promise.all([
    db.audit.findUnique({ where: { id: auditId }, select: { calibrationPassPercent: true, calibrationGate: true } }),
    db.calibrationItem.findMany({
      where: { auditId },
      orderBy: { position: "asc" },
      select: { id: true, key: true, rationale: true, item: { select: { externalId: true } } },
    }),
    db.calibrationRound.findMany({
      where: { auditId },
      orderBy: { number: "asc" },
      select: { id: true, number: true, raterIds: true, startedAt: true },
    }),
  ]);
  if (!audit) return null;
  // Answers and results belong to rounds: an audit without one (most audits) asks nothing more.
  const [ratings, assigned] =
    rounds.length === 0
      ? [[], []]
      : await Promise.all([
          db.calibrationRating.findMany({
            where: { round: { auditId } },
            select: { roundId: true, userId: true, labels: true, activeMs: true, calibrationItem: { select: { key: true } } },
          }),
          // The audit's raters from their stamp rows (one per rater who ever had an assignment in it), each
          // checked for an active assignment by the (userId, auditId) index: not a scan of every assignment.
          db.user.findMany({
            where: { queueStamps: { some: { auditId } }, assignments: { some: { auditId, active: true } } },
            select: { id: true },
          }),
        ]);
  const raterIds = new Set([...assigned.map((a) => a.id), ...ratings.map((r) => r.userId)]);
  const users =
    raterIds.size === 0
      ? []
      : await db.user.findMany({
          where: { id: { in: [...raterIds] } },
          orderBy: { name: "asc" },
          select: { id: true, name: true },
        });
  const active = new Set(assigned.map((a) => a.id));
  const answers = new Map<string, PracticeAnswer[]>();
  for (const r of ratings) {
    const k = `${r.roundId}\u0000${r.userId}`;
    const list = answers.get(k) ?? [];
    list.push({ key: r.calibrationItem.key as Labels, labels: r.labels as Labels, activeMs: r.activeMs });
    answers.set(k, list);
  }
  const views = roundViews(rounds);
  const results: RaterRoundResult[] = [];
  for (const u of users) {
    for (const round of views) {
      const given = answers.get(`${round.id}\u0000${u.id}`) ?? [];
      const asked = round.raterIds === null ? active.has(u.id) : round.raterIds.includes(u.id);
      if (!asked && given.length === 0) continue;
      const score = scorePractice(given);
      const finished = items.length > 0 && given.length >= items.length;
      results.push({
        userId: u.id,
        name: u.name,
        round: round.number,
        done: given.length,
        total: items.length,
        score,
        status: !finished ? "inProgress" : passes(score, audit.calibrationPassPercent) ? "passed" : "notPassed",
      });
    }
  }
  return {
    passPercent: audit.calibrationPassPercent,
    gate: audit.calibrationGate,
    items: items.map((i) => ({ id: i.id, externalId: i.item.externalId, key: i.key as Labels, rationale: i.rationale })),
    rounds: views.map((r, i) => ({ ...r, startedAt: rounds[i]!.startedAt })),
    results,
  };
}
export type CalibrationOverview = NonNullable<Awaited<ReturnType<typeof calibrationOverview>>>;

/** Other audits of the same dataset with adjudicated final labels: where a key can come from. */
export function calibrationSources(db: Db, auditId: string, datasetId: string) {
  return db.audit.findMany({
    where: { datasetId, id: { not: auditId }, items: { some: { adjudication: { isNot: null } } } },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true },
  });
}
