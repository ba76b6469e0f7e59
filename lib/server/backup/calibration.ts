import "server-only";
import type { CalibrationBackup } from "../../backup/format";
import type { Db } from "../../db/client";
import type { Tx } from "./restore-users";

/** An audit's calibration rows (practice items, rounds, practice answers) for its backup. */
export async function readCalibration(db: Db, auditId: string) {
  const [items, rounds] = await Promise.all([
    db.calibrationItem.findMany({ where: { auditId }, orderBy: { position: "asc" }, include: { item: { select: { externalId: true } } } }),
    db.calibrationRound.findMany({
      where: { auditId },
      orderBy: { number: "asc" },
      include: { ratings: { orderBy: [{ savedAt: "asc" }, { id: "asc" }] } },
    }),
  ]);
  return { items, rounds };
}
type Read = Awaited<ReturnType<typeof readCalibration>>;

/** The accounts the calibration names (round starters, chosen raters, practising raters). */
export function calibrationPeople(read: Read): string[] {
  return read.rounds.flatMap((r) => [r.startedById, ...((r.raterIds as string[] | null) ?? []), ...r.ratings.map((x) => x.userId)]);
}

/**
 * The audit record's `calibration`, or undefined when the audit has none (its file is then what it
 * was before calibration existed).
 */
export function calibrationRecord(
  audit: { calibrationPassPercent: number; calibrationGate: boolean },
  read: Read,
  email: (userId: string) => string,
): CalibrationBackup | undefined {
  if (read.items.length === 0 && read.rounds.length === 0) return undefined;
  return {
    passPercent: audit.calibrationPassPercent,
    gate: audit.calibrationGate,
    items: read.items.map((i) => ({
      id: i.id,
      item: i.item.externalId,
      position: i.position,
      key: i.key as Record<string, string>,
      rationale: i.rationale,
    })),
    rounds: read.rounds.map((r) => ({
      id: r.id,
      number: r.number,
      raters: Array.isArray(r.raterIds) ? (r.raterIds as string[]).map(email) : null,
      startedAt: r.startedAt.toISOString(),
      startedBy: email(r.startedById),
      ratings: r.ratings.map((x) => ({
        id: x.id,
        user: email(x.userId),
        item: x.calibrationItemId,
        labels: x.labels as Record<string, string>,
        activeMs: x.activeMs,
        savedAt: x.savedAt.toISOString(),
      })),
    })),
  };
}

/** Writes a restored audit's calibration rows (the audit row exists; ids are the backup's). */
export async function writeCalibration(
  tx: Tx,
  auditId: string,
  calibration: CalibrationBackup,
  person: (email: string) => string,
  itemId: (externalId: string) => string,
): Promise<void> {
  await tx.calibrationItem.createMany({
    data: calibration.items.map((i) => ({
      id: i.id,
      auditId,
      itemId: itemId(i.item),
      position: i.position,
      key: i.key,
      rationale: i.rationale,
    })),
  });
  for (const r of calibration.rounds) {
    await tx.calibrationRound.create({
      data: {
        id: r.id,
        auditId,
        number: r.number,
        startedAt: new Date(r.startedAt),
        startedById: person(r.startedBy),
        ...(r.raters ? { raterIds: r.raters.map(person) } : {}),
      },
    });
    await tx.calibrationRating.createMany({
      data: r.ratings.map((x) => ({
        id: x.id,
        roundId: r.id,
        calibrationItemId: x.item,
        userId: person(x.user),
        labels: x.labels,
        activeMs: x.activeMs,
        savedAt: new Date(x.savedAt),
      })),
    });
  }
}
