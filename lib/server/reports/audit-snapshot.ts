import "server-only";
import { ID_BATCH, inBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { orderRaters, storedRaterOrder } from "../../audits/rater-order";
import { type RubricTurn, rubricTurns } from "../../audits/item-dimensions";
import { processWide } from "../../process-wide";
import { parseRubric } from "../../audits/rubric";
import { storedReviewOrderRule } from "../../sampling/review-order";
import { storedExtensions } from "../../sampling/extend";
import { loadCalibrationSnapshot } from "./calibration-snapshot";
import { reportRubric } from "./report-rubric";
import type { AuditSnapshot } from "../../reports/types";
import { canonicalModelDesign } from "../../reports/model-design";
import { Kept } from "./kept";
import { loadLatentIntervals } from "./latent-interval/rows";

/**
 * Everything a report is computed from, read once from the stored ratings. Raters are labelled
 * R1…Rn in a stable order (the audit's stored order, else by account creation), never by name. Withdrawn assignments and
 * unset ratings are left out. Items and ratings are sorted so the same data gives the same bytes.
 */
export async function loadAuditSnapshot(db: Db, auditId: string): Promise<AuditSnapshot | null> {
  const audit = await db.audit.findUnique({
    where: { id: auditId },
    include: { dataset: { select: { name: true, version: true, itemCount: true } } },
  });
  if (!audit) return null;
  // Flat rows joined here rather than nested per row (at a full review's size the nesting cost more
  // than the reads); the sampled items first: every item they name is there to be read after them.
  const sampled = await db.auditItem.findMany({
    where: { auditId },
    orderBy: { sampleOrder: "asc" },
    select: { id: true, sampleOrder: true, modelStratum: true, itemId: true },
  });
  const itemRows = new Map(
    (
      await inBatches(
        sampled.map((i) => i.itemId),
        (ids) =>
          db.item.findMany({
            where: { id: { in: ids } },
            select: { id: true, externalId: true, chapter: true, level: true, decisionPoint: true, kind: true },
          }),
      )
    ).map((i) => [i.id, i]),
  );
  const items = sampled.map((i) => ({ ...i, item: itemRows.get(i.itemId)! }));
  const rubric = parseRubric(audit.rubric);
  // Per-turn dimensions need the turns of the sampled conversations (read only then).
  const turns = rubric.some((d) => d.perTurn)
    ? await sampledTurns(
        db,
        auditId,
        items.filter((i) => i.item.kind === "conversation").map((i) => i.id),
      )
    : [];
  // The assignments first, then their ratings ID_BATCH assignments at a time (within SQLite's
  // parameter limit), each batch turned into the snapshot's rows before the next is read: read at
  // once, a full review's 48,000 ratings took the heap ~40 MB higher (the driver's rows and their
  // garbage) for the few MB the snapshot keeps.
  const [assignments, guidelineEdits] = await Promise.all([
    db.assignment.findMany({
      where: { auditId, active: true },
      select: { id: true, auditItemId: true, userId: true, activeMs: true, flagged: true, reviewPosition: true },
    }),
    // Guideline saves mark the agreement-over-time timeline (lib/reports/over-time.ts).
    db.auditEvent.findMany({
      where: { entity: "Audit", entityId: auditId, action: "audit.guidelines" },
      select: { at: true },
      orderBy: { at: "asc" },
    }),
  ]);
  const { ratings, rated } = await readRatings(db, assignments);
  // The raters' accounts, read after the assignments that name them (account order labels raters).
  const created = new Map(
    (await db.user.findMany({ where: { assignments: { some: { auditId } } }, select: { id: true, createdAt: true } })).map((u) => [
      u.id,
      u.createdAt,
    ]),
  );
  const sampleOrder = new Map(items.map((i) => [i.id, i.sampleOrder] as const));
  const accounts = [...new Map(assignments.map((a) => [a.userId, created.get(a.userId)!])).entries()].map(([userId, createdAt]) => ({
    userId,
    createdAt,
  }));
  const raters = orderRaters(accounts, storedRaterOrder(audit.raterOrder)).map((id, i) => ({ id, label: `R${i + 1}` }));
  const sampling = audit.sampling as { frameSize?: number; frameChecksum?: string };
  const [calibration, latentIntervals] = await Promise.all([
    loadCalibrationSnapshot(db, auditId, new Set(raters.map((r) => r.id))),
    loadLatentIntervals(db, auditId),
  ]);
  return {
    audit: {
      id: audit.id,
      name: audit.name,
      datasetName: `${audit.dataset.name} v${audit.dataset.version}`,
      sampleSize: audit.sampleSize,
      seed: audit.seed,
      populationSize: audit.populationSize,
      samplingFrame: `all ${sampling.frameSize ?? audit.dataset.itemCount} items of ${audit.dataset.name} v${audit.dataset.version} (frame SHA-256 ${sampling.frameChecksum ?? "?"})`,
      strata: audit.strata as string[],
      status: audit.status,
      reviewOrder: storedReviewOrderRule(audit.sampling),
      ...extensionsOf(audit.sampling),
      guidelineEdits: guidelineEdits.map((e) => e.at.toISOString()),
      ...(audit.modelDesign !== null && { modelDesign: canonicalModelDesign(audit.modelDesign) }),
    },
    rubric: reportRubric(rubric, turns),
    raters,
    items: items.map((i) => ({
      id: i.id,
      externalId: i.item.externalId,
      chapter: i.item.chapter,
      level: i.item.level,
      decisionPoint: i.item.decisionPoint === null ? null : i.item.decisionPoint === 1 ? "DP1" : "DP2+",
      sampleOrder: i.sampleOrder,
      ...(i.modelStratum !== null && { modelStratum: i.modelStratum }),
    })),
    ratings,
    work: sortedBy(
      assignments.map((a) => ({
        itemId: a.auditItemId,
        raterId: a.userId,
        activeMs: a.activeMs,
        flagged: a.flagged,
        rated: rated.has(a.id),
        // Assignments made before queue orders were recorded follow the sample order.
        position: a.reviewPosition ?? sampleOrder.get(a.auditItemId) ?? 0,
      })),
      (w) => w.itemId + w.raterId,
    ),
    ...(calibration ? { calibration } : {}),
    ...(latentIntervals.length ? { latentIntervals } : {}),
  };
}

type SnapshotRating = AuditSnapshot["ratings"][number];

/**
 * The set ratings of `assignments` as the snapshot holds them, sorted by item, rater and dimension,
 * and which assignments have one. Read a batch of assignments at a time and turned into the
 * snapshot's rows at once; the few distinct dimension and category names are shared, not a copy a row.
 */
async function readRatings(
  db: Db,
  assignments: readonly { id: string; auditItemId: string; userId: string }[],
): Promise<{ ratings: SnapshotRating[]; rated: Set<string> }> {
  const byId = new Map(assignments.map((a) => [a.id, a]));
  const names = new Map<string, string>();
  const shared = (name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };
  const ratings: SnapshotRating[] = [];
  const rated = new Set<string>();
  for (let i = 0; i < assignments.length; i += ID_BATCH) {
    const rows = await db.rating.findMany({
      where: { assignmentId: { in: assignments.slice(i, i + ID_BATCH).map((a) => a.id) }, category: { not: null } },
      select: { assignmentId: true, dimension: true, category: true, updatedAt: true },
    });
    for (const r of rows) {
      const a = byId.get(r.assignmentId)!;
      rated.add(a.id);
      ratings.push({
        itemId: a.auditItemId,
        raterId: a.userId,
        dimension: shared(r.dimension),
        category: shared(r.category!),
        at: r.updatedAt.toISOString(),
      });
    }
  }
  return { ratings: sortedBy(ratings, (r) => r.itemId + r.raterId + r.dimension), rated };
}

/**
 * `rows` in the order of their keys (compared as strings, code unit by code unit), each key made
 * once rather than twice per comparison. Keys are unique (an item's rater and dimension).
 */
function sortedBy<T>(rows: T[], key: (row: T) => string): T[] {
  const keys = rows.map(key);
  const order = rows.map((_, i) => i).sort((x, y) => (keys[x]! < keys[y]! ? -1 : 1));
  return order.map((i) => rows[i]!);
}

/** The sampled conversations' turns, kept per audit and sample (a full review's: ~16,000 small pairs). */
const keptTurns = processWide("snapshot-turns", () => new Kept<RubricTurn[][]>(64));

/**
 * The turns of the audit's sampled conversations, read once per sample and kept: items never
 * change after import, so only a changed sample (an extension) reads them again. Reading them means
 * parsing every conversation's whole item (a full review's: ~10 MB of JSON) for a few numbers each,
 * which was a fifth of the snapshot's time at every change of a rating.
 */
function sampledTurns(db: Db, auditId: string, conversations: string[]): Promise<RubricTurn[][]> {
  return keptTurns.get(auditId, conversations.join(","), async () => {
    const rows = await db.auditItem.findMany({
      where: { auditId, item: { kind: "conversation" } },
      select: { id: true, item: { select: { data: true } } },
    });
    const byId = new Map(rows.map((r) => [r.id, rubricTurns(r.item.data)]));
    return conversations.map((id) => byId.get(id) ?? []);
  });
}

/** The sample's extensions for the paragraph (the day in UTC), or nothing when it was not extended. */
function extensionsOf(sampling: unknown) {
  const list = storedExtensions(sampling).map((e) => ({ fromSize: e.fromSize, toSize: e.toSize, date: e.at.slice(0, 10) }));
  return list.length ? { sampleExtensions: list } : {};
}
