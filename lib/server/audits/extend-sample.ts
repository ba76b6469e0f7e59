import "server-only";
import { inBatches, rowsTimeoutMs, writeInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import {
  AssignmentError,
  EXTEND_ALGORITHM_NAME,
  EXTEND_ALGORITHM_VERSION,
  SamplingError,
  balancedIncomplete,
  extendSample,
  extendedReviewPositions,
  itemsAfterLaterCutoff,
  storedExtensions,
  storedReviewOrderRule,
  type RecordedExtension,
  type StratumAllocation,
} from "../../sampling";
import { recordEvent } from "../audit-trail";
import type { ExtendSampleInput } from "../../schemas/audits";
import { AppError } from "../errors";
import { planErrorMessage } from "./plan-errors";
import { samplingFrame } from "./sampling-frame";

export interface ExtensionPlan {
  fromSize: number;
  toSize: number;
  /** Benchmark ids of the new items, in their sample order. */
  added: string[];
  allocation: StratumAllocation[];
  design: string;
  /** New assignments per active rater (empty for a manual design: the organizer assigns them). */
  perRater: { userId: string; name: string; items: number }[];
  /** New items whose patient already has a later decision point in the sample. */
  afterLaterCutoff: string[];
}

async function loadAudit(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({
    where: { id: auditId },
    select: {
      id: true,
      status: true,
      datasetId: true,
      seed: true,
      strata: true,
      sampling: true,
      modelDesign: true,
      sampleSize: true,
      design: true,
      ratersPerItem: true,
      items: {
        orderBy: { sampleOrder: "asc" },
        select: {
          id: true,
          sampleOrder: true,
          item: { select: { externalId: true, patientId: true, cutoffTime: true, decisionPoint: true } },
        },
      },
    },
  });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (audit.status === "CLOSED") throw new AppError("LOCKED", { key: "audits.extend.errors.closed" });
  // Its allocation (and each n_h's minimum) was fixed for the size drawn: no nested extension exists.
  if (audit.modelDesign !== null) throw new AppError("INVALID", { key: "audits.extend.errors.modelGuided" });
  return audit;
}

/**
 * What extending the audit's sample by `add` items would do, computed and checked but not written:
 * the new items (re-drawn from the recorded seed, strata and sizes, after checking that the stored
 * sample re-draws exactly), their allocation, and the assignments the audit's design gives them.
 */
export async function planExtension(db: Db, auditId: string, add: number) {
  const audit = await loadAudit(db, auditId);
  const { frame, dbIds } = await samplingFrame(db, audit.datasetId);
  const sampling = audit.sampling as { frameChecksum?: string };
  const recorded = storedExtensions(audit.sampling);
  const fromSize = audit.items.length;
  if (fromSize !== audit.sampleSize) throw new AppError("INVALID", { key: "audits.extend.errors.notRedrawn" });
  const sizes = [recorded[0]?.fromSize ?? fromSize, ...recorded.map((e) => e.toSize), fromSize + add];
  let drawn: ReturnType<typeof extendSample>;
  try {
    drawn = extendSample({ frame, seed: audit.seed, strata: audit.strata as string[], sizes });
  } catch (error) {
    if (!(error instanceof SamplingError)) throw error;
    if (error.code === "SIZE_EXCEEDS_FRAME")
      throw new AppError("INVALID", {
        key: "audits.extend.errors.tooMany",
        values: { left: frame.length - fromSize, frameSize: frame.length },
      });
    if (error.code === "EXTENSION_NOT_NESTED") {
      const d = error.details;
      throw new AppError("INVALID", {
        key: "audits.extend.errors.notNested",
        values: { to: Number(d.to), stratum: String(d.stratum), before: Number(d.before), after: Number(d.after) },
      });
    }
    throw new AppError("INVALID", planErrorMessage(error));
  }
  // Reproducible or nothing: the stored items must be exactly what the recorded draw gives.
  if (drawn.base.frameChecksum !== sampling.frameChecksum || audit.items.some((it, i) => it.item.externalId !== drawn.ids[i])) {
    throw new AppError("INVALID", { key: "audits.extend.errors.notRedrawn" });
  }
  const step = drawn.steps.at(-1)!;
  // A practice item (calibration round) is never part of the sample: refuse a draw that would take one.
  const practice = await db.calibrationItem.findMany({
    where: { auditId, item: { externalId: { in: step.added } } },
    select: { item: { select: { externalId: true } } },
  });
  if (practice.length > 0)
    throw new AppError("INVALID", {
      key: "calibration.errors.extendHitsPractice",
      values: { ids: practice.map((p) => p.item.externalId).join(", ") },
    });
  const newItems = await inBatches(
    step.added.map((id) => dbIds.get(id)!),
    (batch) =>
      db.item.findMany({
        where: { id: { in: batch } },
        select: { id: true, externalId: true, patientId: true, cutoffTime: true, decisionPoint: true },
      }),
  );
  const byExternal = new Map(newItems.map((i) => [i.externalId, i]));
  const orderable = (id: string, sampleOrder: number, i: { patientId: string; cutoffTime: Date | null; decisionPoint: number | null }) => ({
    id,
    sampleOrder,
    patientId: i.patientId,
    cutoff: i.cutoffTime,
    decisionPoint: i.decisionPoint,
  });
  const existing = audit.items.map((it) => orderable(it.id, it.sampleOrder, it.item));
  // New audit items get their ids when written; until then their benchmark id stands in.
  const added = step.added.map((externalId, i) => orderable(externalId, fromSize + i + 1, byExternal.get(externalId)!));
  const raters = await activeRaters(db, auditId);
  const pairs = planAssignments(audit, raters, step.added);
  const counts = new Map<string, number>();
  for (const p of pairs) counts.set(p.clinicianId, (counts.get(p.clinicianId) ?? 0) + 1);
  const plan: ExtensionPlan = {
    fromSize,
    toSize: step.toSize,
    added: step.added,
    allocation: step.allocation,
    design: audit.design,
    perRater: raters.map((r) => ({ userId: r.userId, name: r.name, items: counts.get(r.userId) ?? 0 })),
    afterLaterCutoff: itemsAfterLaterCutoff(existing, added),
  };
  return { audit, plan, pairs, existing, added, recorded, dbIds };
}

/** The audit's active raters with their current load (active assignments). */
async function activeRaters(db: Db, auditId: string) {
  const rows = await db.assignment.groupBy({ by: ["userId"], where: { auditId, active: true }, _count: { _all: true } });
  const users = await db.user.findMany({ where: { id: { in: rows.map((r) => r.userId) } }, select: { id: true, name: true } });
  const name = new Map(users.map((u) => [u.id, u.name]));
  return rows
    .map((r) => ({ userId: r.userId, name: name.get(r.userId) ?? "", load: r._count._all }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.userId < b.userId ? -1 : 1));
}

/**
 * The audit's design applied to the new items only; a manual design leaves them to the organizer.
 * Balanced: the seeded design over the new items, its heavier shares given to the raters who carry
 * less so far (ties by id), so the loads over the whole audit stay as even as the design allows.
 */
function planAssignments(
  audit: { design: string; ratersPerItem: number | null; seed: string },
  raters: { userId: string; load: number }[],
  itemIds: string[],
) {
  const raterIds = raters.map((r) => r.userId);
  if (raterIds.length === 0 || audit.design === "MANUAL") return [];
  if (audit.design !== "BALANCED") return itemIds.flatMap((itemId) => raterIds.map((clinicianId) => ({ itemId, clinicianId })));
  try {
    const k = Math.min(audit.ratersPerItem ?? 2, raterIds.length);
    const plan = balancedIncomplete({ clinicianIds: raterIds, itemIds, ratersPerItem: k, seed: audit.seed });
    const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const heavier = plan.stats.loads.sort((a, b) => b.load - a.load || byId(a.clinicianId, b.clinicianId)).map((l) => l.clinicianId);
    const lighter = [...raters].sort((a, b) => a.load - b.load || byId(a.userId, b.userId)).map((r) => r.userId);
    const to = new Map(heavier.map((id, i) => [id, lighter[i]!]));
    return plan.assignments.map((a) => ({ itemId: a.itemId, clinicianId: to.get(a.clinicianId)! }));
  } catch (error) {
    if (error instanceof AssignmentError) throw new AppError("INVALID", planErrorMessage(error));
    throw error;
  }
}

/**
 * Extends the sample: the new audit items (sample orders after every existing one), their
 * assignments with review positions after every existing position, the record in
 * `sampling.extensions` and one trail row, in one transaction. Existing items, assignments and
 * ratings are not touched. Two organizers extending at once: the second is refused.
 */
export async function extendAuditSample(db: Db, actorId: string, input: ExtendSampleInput, now = new Date()) {
  const { audit, plan, pairs, existing, added, recorded, dbIds } = await planExtension(db, input.auditId, input.add);
  if (plan.fromSize !== input.fromSize) throw new AppError("CONFLICT", { key: "audits.errors.statusChanged" });
  const record: RecordedExtension = {
    algorithm: { name: EXTEND_ALGORITHM_NAME, version: EXTEND_ALGORITHM_VERSION },
    fromSize: plan.fromSize,
    toSize: plan.toSize,
    at: now.toISOString(),
    allocation: plan.allocation,
    assignments: pairs.length,
    afterLaterCutoff: plan.afterLaterCutoff.length,
  };
  const rule = storedReviewOrderRule(audit.sampling);
  return db.$transaction(
    async (tx) => {
      const { count } = await tx.audit.updateMany({
        where: { id: audit.id, sampleSize: plan.fromSize, status: { not: "CLOSED" } },
        data: { sampleSize: plan.toSize, sampling: { ...(audit.sampling as object), extensions: [...recorded, record] } as object },
      });
      if (count !== 1) throw new AppError("CONFLICT", { key: "audits.errors.statusChanged" });
      const created = await tx.auditItem.createManyAndReturn({
        data: added.map((a) => ({ auditId: audit.id, itemId: dbIds.get(a.id)!, sampleOrder: a.sampleOrder })),
        select: { id: true, sampleOrder: true },
      });
      const auditItemOf = new Map(created.map((c) => [c.sampleOrder, c.id]));
      const all = [...existing, ...added.map((a) => ({ ...a, id: auditItemOf.get(a.sampleOrder)! }))];
      const segments = [...recorded, record].map((e) => ({ fromSize: e.fromSize, toSize: e.toSize }));
      const positions = new Map<string, Map<string, number>>();
      const position = (raterId: string, auditItemId: string) => {
        if (!rule) return null;
        if (!positions.has(raterId)) positions.set(raterId, extendedReviewPositions(all, audit.seed, rule.mode, raterId, segments));
        return positions.get(raterId)!.get(auditItemId) ?? null;
      };
      const orderOf = new Map(added.map((a) => [a.id, a.sampleOrder]));
      const rows = pairs.map((p) => {
        const auditItemId = auditItemOf.get(orderOf.get(p.itemId)!)!;
        return { auditId: audit.id, auditItemId, userId: p.clinicianId, reviewPosition: position(p.clinicianId, auditItemId) };
      });
      await writeInBatches(rows, (data) => tx.assignment.createMany({ data }));
      await recordEvent(tx, {
        actorId,
        action: "audit.extend-sample",
        entity: "Audit",
        entityId: audit.id,
        before: { sampleSize: plan.fromSize },
        after: {
          sampleSize: plan.toSize,
          added: plan.added,
          assignments: pairs.length,
          perRater: plan.perRater.map((r) => ({ userId: r.userId, items: r.items })),
          afterLaterCutoff: plan.afterLaterCutoff,
          algorithm: record.algorithm,
        } as object,
      });
      return plan;
    },
    { timeout: rowsTimeoutMs(added.length + pairs.length) },
  );
}
