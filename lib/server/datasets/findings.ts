import "server-only";
import type { Db } from "../../db/client";
import { findingLocation, type Finding, type FindingKind } from "../../formats";

type Tx = Pick<Db, "datasetFinding">;

/** Rows per INSERT: findings are few (a handful per hundred items), small rows. */
const BATCH = 500;

/** Stores an import's findings, each tied to its item where it has one (inside the import's transaction). */
export async function writeFindings(
  tx: Tx,
  datasetId: string,
  findings: readonly Finding[],
  itemIds: ReadonlyMap<string, string>,
): Promise<void> {
  for (let at = 0; at < findings.length; at += BATCH) {
    await tx.datasetFinding.createMany({
      data: findings.slice(at, at + BATCH).map((f, k) => ({
        datasetId,
        itemId: f.item === undefined ? null : (itemIds.get(f.item) ?? null),
        position: at + k,
        kind: f.kind,
        location: findingLocation(f),
        field: f.field,
        message: f.message,
        detail: f.detail as object,
      })),
    });
  }
}

export interface FindingView {
  id: string;
  kind: FindingKind;
  location: string;
  field: string;
  message: string;
  detail: Record<string, unknown>;
  item: { id: string; externalId: string } | null;
}

export const FINDING_SELECT = {
  id: true,
  kind: true,
  location: true,
  field: true,
  message: true,
  detail: true,
  item: { select: { id: true, externalId: true } },
} as const;

export const findingView = (r: {
  id: string;
  kind: string;
  location: string;
  field: string;
  message: string;
  detail: unknown;
  item: { id: string; externalId: string } | null;
}): FindingView => ({
  ...r,
  kind: r.kind as FindingKind,
  detail: (r.detail ?? {}) as Record<string, unknown>,
});

/** A dataset's findings (organizers), in the order found, with counts by kind. */
export async function datasetFindings(db: Db, datasetId: string, options: { kind?: FindingKind; take?: number } = {}) {
  const where = { datasetId, ...(options.kind ? { kind: options.kind } : {}) };
  const [rows, byKind] = await Promise.all([
    db.datasetFinding.findMany({ where, orderBy: { position: "asc" }, take: options.take ?? 200, select: FINDING_SELECT }),
    db.datasetFinding.groupBy({ by: ["kind"], where: { datasetId }, _count: { _all: true } }),
  ]);
  const counts = Object.fromEntries(byKind.map((g) => [g.kind, g._count._all])) as Partial<Record<FindingKind, number>>;
  return { rows: rows.map(findingView), counts, total: byKind.reduce((n, g) => n + g._count._all, 0) };
}

/** One item's findings for organizers (the dataset in the query: an item of another dataset has none). */
export async function itemFindings(db: Db, datasetId: string, itemId: string): Promise<FindingView[]> {
  const rows = await db.datasetFinding.findMany({ where: { datasetId, itemId }, orderBy: { position: "asc" }, select: FINDING_SELECT });
  return rows.map(findingView);
}

/**
 * The findings of the item under a reviewer's own assignment (dataset defects, not anyone's
 * ratings, so blinding is untouched); none for an assignment that is not theirs.
 */
export async function caseFindings(db: Db, userId: string, assignmentId: string): Promise<FindingView[]> {
  const rows = await db.datasetFinding.findMany({
    where: { item: { auditItems: { some: { assignments: { some: { id: assignmentId, userId, active: true } } } } } },
    orderBy: { position: "asc" },
    select: FINDING_SELECT,
  });
  return rows.map(findingView);
}
