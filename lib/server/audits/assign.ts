import "server-only";
import type { z } from "zod";
import { foldEmail } from "../../auth/email";
import { rowsTimeoutMs, writeInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import {
  AssignmentError,
  balancedIncomplete,
  computeAssignmentStats,
  extendedReviewPositions,
  fullyCrossed,
  manualPlan,
  storedExtensions,
  storedReviewOrderRule,
  type AssignmentStats,
} from "../../sampling";
import { recordEvent } from "../audit-trail";
import { AppError, englishText, type CatalogMessage } from "../errors";
import { planErrorMessage } from "./plan-errors";
import type { assignSchema } from "../../schemas/audits";

/** Reads "item id, clinician email" lines; every problem is reported with its line number. */
export function parseManualLines(text: string, items: Map<string, string>, clinicians: Map<string, string>) {
  const pairs: { itemId: string; clinicianId: string }[] = [];
  const problems: CatalogMessage[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const [item, email, ...rest] = line.split(/\s*[,;\t]\s*|\s+/);
    if (!item || !email || rest.length) return void problems.push({ key: "audits.errors.manualLine.format", values: { line: i + 1 } });
    const itemId = items.get(item);
    const clinicianId = clinicians.get(foldEmail(email));
    if (!itemId) problems.push({ key: "audits.errors.manualLine.item", values: { line: i + 1, item } });
    if (!clinicianId) problems.push({ key: "audits.errors.manualLine.clinician", values: { line: i + 1, email } });
    if (!itemId || !clinicianId) return;
    const first = seen.get(`${itemId}|${clinicianId}`);
    if (first !== undefined) return void problems.push({ key: "audits.errors.manualLine.duplicate", values: { line: i + 1, first } });
    seen.set(`${itemId}|${clinicianId}`, i + 1);
    pairs.push({ itemId, clinicianId });
  });
  return { pairs, problems };
}

/** The manual plan's lines are wrong; `problems` lets the action word each in the reader's language. */
export class ManualLinesError extends AppError {
  static readonly SHOWN = 10;
  constructor(readonly problems: CatalogMessage[]) {
    super("INVALID", ManualLinesError.catalogMessage(problems, englishText));
  }
  /** "Nothing was assigned. line 1: …; line 2: …" — the first ten problems, then how many more. */
  static catalogMessage(problems: CatalogMessage[], text: (m: CatalogMessage) => string): CatalogMessage {
    const shown = problems
      .slice(0, ManualLinesError.SHOWN)
      .map(text)
      .join(text({ key: "audits.errors.manualLineSeparator" }));
    return {
      key: "audits.errors.manualNothingAssigned",
      values: { problems: shown, more: Math.max(0, problems.length - ManualLinesError.SHOWN) },
    };
  }
}

/** The audit's design as it stands: raters per item and load per clinician over its active assignments. */
export type DesignStats = Pick<AssignmentStats, "minLoad" | "maxLoad" | "minRatersPerItem" | "maxRatersPerItem">;

export type AssignOutcome =
  | { status: "assigned"; created: number; reinstated: number; design: DesignStats; plan: DesignStats }
  /** Nothing written: the plan would leave the audit less balanced; `confirmUnbalance` goes ahead. */
  | { status: "confirm"; current: DesignStats; design: DesignStats };

function designStats(itemIds: string[], pairs: { itemId: string; clinicianId: string }[]): DesignStats {
  const s = computeAssignmentStats([...new Set(pairs.map((p) => p.clinicianId))], itemIds, pairs);
  return { minLoad: s.minLoad, maxLoad: s.maxLoad, minRatersPerItem: s.minRatersPerItem, maxRatersPerItem: s.maxRatersPerItem };
}

/** Less balanced: a wider spread of raters per item, or of loads beyond the one item a balanced plan allows. */
function unbalances(current: DesignStats, next: DesignStats): boolean {
  const spread = (lo: number, hi: number) => hi - lo;
  return (
    spread(next.minRatersPerItem, next.maxRatersPerItem) > spread(current.minRatersPerItem, current.maxRatersPerItem) ||
    spread(next.minLoad, next.maxLoad) > Math.max(1, spread(current.minLoad, current.maxLoad))
  );
}

/**
 * Assigns the audit's items to clinicians by a plan. Existing assignments are kept (ratings
 * are never lost); withdrawn ones that the plan names again are reinstated. The outcome reports
 * the audit's resulting design (existing assignments and the plan together), not the plan's
 * alone; a plan that would leave an assigned audit less balanced is not applied unless confirmed.
 */
export async function assignClinicians(db: Db, actorId: string, input: z.output<typeof assignSchema>): Promise<AssignOutcome> {
  const audit = await db.audit.findUnique({
    where: { id: input.auditId },
    select: {
      id: true,
      status: true,
      seed: true,
      sampling: true,
      items: {
        select: {
          id: true,
          sampleOrder: true,
          item: { select: { externalId: true, patientId: true, cutoffTime: true, decisionPoint: true } },
        },
        orderBy: { sampleOrder: "asc" },
      },
    },
  });
  if (!audit) throw new AppError("NOT_FOUND", { key: "audits.errors.auditNotFound" });
  if (audit.status === "CLOSED") throw new AppError("LOCKED", { key: "audits.errors.closed" });
  const itemIds = audit.items.map((i) => i.id);
  let plan: ReturnType<typeof manualPlan>;
  try {
    if (input.design === "MANUAL") {
      const active = await db.user.findMany({ where: { role: "CLINICIAN", active: true }, select: { id: true, email: true } });
      const { pairs, problems } = parseManualLines(
        input.manual ?? "",
        new Map(audit.items.map((i) => [i.item.externalId, i.id])),
        new Map(active.map((u) => [u.email, u.id])),
      );
      if (problems.length) throw new ManualLinesError(problems);
      if (pairs.length === 0) throw new AppError("INVALID", { key: "audits.errors.manualNoPairs" });
      plan = manualPlan({ clinicianIds: [...new Set(pairs.map((p) => p.clinicianId))], itemIds, assignments: pairs });
    } else {
      if (input.clinicianIds.length === 0) throw new AppError("INVALID", { key: "audits.errors.chooseClinician" });
      const clinicians = await db.user.findMany({
        where: { id: { in: input.clinicianIds }, role: "CLINICIAN", active: true },
        select: { id: true },
      });
      if (clinicians.length !== new Set(input.clinicianIds).size) throw new AppError("INVALID", { key: "audits.errors.onlyActive" });
      plan =
        input.design === "FULLY_CROSSED"
          ? fullyCrossed({ clinicianIds: input.clinicianIds, itemIds })
          : balancedIncomplete({ clinicianIds: input.clinicianIds, itemIds, ratersPerItem: input.ratersPerItem ?? 2, seed: audit.seed });
    }
  } catch (error) {
    if (error instanceof AssignmentError) throw new AppError("INVALID", planErrorMessage(error));
    throw error;
  }
  return db.$transaction(
    async (tx) => {
      const existing = await tx.assignment.findMany({
        where: { auditId: audit.id },
        select: { id: true, auditItemId: true, userId: true, active: true },
      });
      const before = await tx.audit.findUniqueOrThrow({ where: { id: audit.id }, select: { design: true, ratersPerItem: true } });
      const byKey = new Map(existing.map((a) => [`${a.auditItemId}|${a.userId}`, a]));
      const create = plan.assignments.filter((a) => !byKey.has(`${a.itemId}|${a.clinicianId}`));
      const reinstate = plan.assignments.map((a) => byKey.get(`${a.itemId}|${a.clinicianId}`)).filter((a) => a && !a.active);
      const active = existing.filter((a) => a.active).map((a) => ({ itemId: a.auditItemId, clinicianId: a.userId }));
      const resulting = [...active, ...create, ...reinstate.map((a) => ({ itemId: a!.auditItemId, clinicianId: a!.userId }))];
      const design = designStats(itemIds, resulting);
      if (active.length > 0 && !input.confirmUnbalance) {
        const current = designStats(itemIds, active);
        if (unbalances(current, design)) return { status: "confirm" as const, current, design };
      }
      const position = reviewPositionOf(audit);
      const rows = create.map((a) => ({
        auditId: audit.id,
        auditItemId: a.itemId,
        userId: a.clinicianId,
        reviewPosition: position(a.clinicianId, a.itemId),
      }));
      await writeInBatches(rows, (data) => tx.assignment.createMany({ data }));
      if (reinstate.length)
        await tx.assignment.updateMany({ where: { id: { in: reinstate.map((a) => a!.id) } }, data: { active: true, withdrawnAt: null } });
      await tx.audit.update({ where: { id: audit.id }, data: { design: input.design, ratersPerItem: plan.ratersPerItem } });
      await recordEvent(tx, {
        actorId,
        action: "audit.assign",
        entity: "Audit",
        entityId: audit.id,
        before: { design: before.design, ratersPerItem: before.ratersPerItem, assignments: active.length },
        after: {
          design: input.design,
          ratersPerItem: plan.ratersPerItem,
          clinicians: plan.clinicianIds,
          created: create.length,
          reinstated: reinstate.length,
          stats: plan.stats,
          resulting: design,
          confirmedUnbalance: input.confirmUnbalance === true,
        } as object,
      });
      return {
        status: "assigned" as const,
        created: create.length,
        reinstated: reinstate.length,
        design,
        plan: designStats(itemIds, plan.assignments),
      };
    },
    { timeout: rowsTimeoutMs(plan.assignments.length) },
  );
}

/**
 * Each rater's place for each item in their review order (lib/sampling/review-order.ts), from the
 * audit's seed and recorded rule (an extended sample's added items after the earlier ones); null
 * for audits created before the rule was recorded.
 */
function reviewPositionOf(audit: {
  seed: string;
  sampling: unknown;
  items: { id: string; sampleOrder: number; item: { patientId: string; cutoffTime: Date | null; decisionPoint: number | null } }[];
}) {
  const rule = storedReviewOrderRule(audit.sampling);
  const items = audit.items.map((i) => ({
    id: i.id,
    sampleOrder: i.sampleOrder,
    patientId: i.item.patientId,
    cutoff: i.item.cutoffTime,
    decisionPoint: i.item.decisionPoint,
  }));
  const segments = storedExtensions(audit.sampling).map((e) => ({ fromSize: e.fromSize, toSize: e.toSize }));
  const byRater = new Map<string, Map<string, number>>();
  return (raterId: string, auditItemId: string): number | null => {
    if (!rule) return null;
    let positions = byRater.get(raterId);
    if (!positions) byRater.set(raterId, (positions = extendedReviewPositions(items, audit.seed, rule.mode, raterId, segments)));
    return positions.get(auditItemId) ?? null;
  };
}

/** Withdraws a clinician from an audit: their assignments stay (with ratings) but go inactive. */
export async function withdrawClinician(db: Db, actorId: string, auditId: string, userId: string) {
  return db.$transaction(async (tx) => {
    const { count } = await tx.assignment.updateMany({
      where: { auditId, userId, active: true },
      data: { active: false, withdrawnAt: new Date() },
    });
    await recordEvent(tx, {
      actorId,
      action: "audit.withdraw",
      entity: "Audit",
      entityId: auditId,
      before: { userId, active: count },
      after: { userId, assignments: count, active: 0 },
    });
    return count;
  });
}
