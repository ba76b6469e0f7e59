import "server-only";
import type { z } from "zod";
import { type activeTimeSchema, MAX_REPORT_MS } from "../../schemas/review";
import type { Db } from "../../db/client";
import { editableAssignment } from "./editable-assignment";

/** Clock and network slack allowed on top of the wall time since the previous report. */
export const REPORT_SLACK_MS = 5_000;

/**
 * What of a reported `ms` is credited: never more than the wall time since the previous report
 * (plus slack), so a tampered or duplicated client cannot add more active time than the clock
 * allows; at most MAX_REPORT_MS for the first report of an assignment. Pure, for tests.
 */
export function creditedMs(ms: number, now: Date, previousReportAt: Date | null): number {
  const wall = previousReportAt ? Math.max(0, +now - +previousReportAt) + REPORT_SLACK_MS : MAX_REPORT_MS;
  return Math.max(0, Math.min(ms, wall, MAX_REPORT_MS));
}

/**
 * Adds the client's measured active time (page visible, window focused, input in the last minute)
 * to the rater's own assignment in an open audit. Not in the audit trail: it is a measurement sent
 * every few seconds, not a change of what the rater said.
 */
export async function recordActiveTime(db: Db, userId: string, input: z.output<typeof activeTimeSchema>): Promise<{ activeMs: number }> {
  const assignment = await editableAssignment(db, userId, input.assignmentId);
  const now = new Date();
  const row = await db.assignment.findUniqueOrThrow({ where: { id: assignment.id }, select: { activeMs: true, activeReportedAt: true } });
  const credit = creditedMs(input.ms, now, row.activeReportedAt);
  if (credit === 0) return { activeMs: row.activeMs };
  // Compare-and-set on the previous report time: two concurrent reports cannot both use one gap.
  const { count } = await db.assignment.updateMany({
    where: { id: assignment.id, activeReportedAt: row.activeReportedAt },
    data: { activeMs: { increment: credit }, activeReportedAt: now },
  });
  return { activeMs: row.activeMs + (count === 1 ? credit : 0) };
}
