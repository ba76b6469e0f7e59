import "server-only";
import type { Db } from "../../db/client";

export const ITEMS_TABLE = {
  sortable: ["externalId", "chapter", "level", "decisionPoint", "position"],
  filterIds: ["chapter", "level", "decisionPoint"],
  defaultSort: { id: "position", desc: false },
} as const;

export interface BrowseItemsQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort?: { id: string; desc: boolean };
  filters: Record<string, string>;
}

/** The distinct values of each filter column with their counts, for the filter menus. */
export async function itemFacets(db: Db, datasetId: string) {
  const where = { datasetId };
  const [chapters, levels, points] = await Promise.all([
    db.item.groupBy({ by: ["chapter"], where, _count: { _all: true }, orderBy: { chapter: "asc" } }),
    db.item.groupBy({ by: ["level"], where, _count: { _all: true }, orderBy: { level: "asc" } }),
    db.item.groupBy({ by: ["decisionPoint"], where, _count: { _all: true }, orderBy: { decisionPoint: "asc" } }),
  ]);
  const facet = <T>(rows: { _count: { _all: number } }[], value: (r: never) => T | null) =>
    rows.flatMap((r) => {
      const v = value(r as never);
      return v === null ? [] : [{ value: String(v), count: r._count._all }];
    });
  return {
    chapter: facet(chapters, (r: { chapter: string | null }) => r.chapter),
    level: facet(levels, (r: { level: string | null }) => r.level),
    decisionPoint: facet(points, (r: { decisionPoint: number | null }) => r.decisionPoint),
  };
}

export async function browseItems(db: Db, datasetId: string, q: BrowseItemsQuery) {
  const term = q.search?.trim();
  const dp = q.filters.decisionPoint ? Number(q.filters.decisionPoint) : undefined;
  const where = {
    datasetId,
    ...(q.filters.chapter ? { chapter: q.filters.chapter } : {}),
    ...(q.filters.level ? { level: q.filters.level } : {}),
    ...(dp !== undefined && Number.isInteger(dp) ? { decisionPoint: dp } : {}),
    ...(term ? { OR: [{ question: { contains: term } }, { externalId: { contains: term } }, { ruleId: { contains: term } }] } : {}),
  };
  const sortId = ITEMS_TABLE.sortable.find((s) => s === q.sort?.id) ?? "position";
  const [rows, total] = await Promise.all([
    db.item.findMany({
      where,
      orderBy: [{ [sortId]: q.sort?.desc ? "desc" : "asc" }, { position: "asc" }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      select: {
        id: true,
        externalId: true,
        kind: true,
        chapter: true,
        level: true,
        decisionPoint: true,
        ruleId: true,
        question: true,
        patient: { select: { externalId: true } },
      },
    }),
    db.item.count({ where }),
  ]);
  return { rows: rows.map(({ patient, ...r }) => ({ ...r, patientExternalId: patient.externalId })), total };
}
export type ItemRow = Awaited<ReturnType<typeof browseItems>>["rows"][number];
