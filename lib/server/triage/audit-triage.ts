import "server-only";
import type { Db } from "../../db/client";
import { processWide } from "../../process-wide";
import { isModelStratum, type ModelStratum } from "../../sampling/model-strata-keys";
import { stratumOf } from "../../sampling/stratified";
import type { TriageRow } from "../../triage/triage";
import { Kept } from "../reports/kept";
import { dashboardReport, keptReport } from "../reports/kept-report";
import { keptDisagreementFrame } from "./kept-disagreement";
import { majorityLabels } from "../../reports/shown";

/** An audit's triage list for one rubric dimension with an error category. */
export interface AuditTriage {
  audit: { id: string; name: string; status: string; datasetId: string };
  /** The prediction set the counts come from: the design's, else the dataset's newest; null: none imported. */
  predictionSet: { id: string; name: string; checksum: string } | null;
  /** The dimensions that have an error category (what P(error) can be about), and the one shown. */
  dimensions: { key: string; label: string }[];
  dimension: string | null;
  rows: TriageRow[];
}

// Per audit, at the kept report's version and the set: building it reads every sampled item.
const lists = processWide("kept-triage-lists", () => new Kept<AuditTriage | null>());

/**
 * The audit's items with their model disagreement and, once rated, their latent-class P(error),
 * from the kept report (never computed here) and the kept disagreement frame. `orLatest` (the
 * page): while the report of the latest ratings is computed, the one before, as the dashboard
 * shows it, with `asOf` its time; the download is always current. Null: no such audit.
 * Callers check access first (organizers and admins: audits:manage).
 */
export async function auditTriage(
  db: Db,
  auditId: string,
  dimension?: string,
  o: { orLatest?: boolean; waitMs?: number } = {},
): Promise<(AuditTriage & { asOf: string | null }) | null> {
  const audit = await db.audit.findUnique({
    where: { id: auditId },
    select: { id: true, name: true, status: true, datasetId: true, modelDesign: true },
  });
  if (!audit) return null;
  const designSet = (audit.modelDesign as { predictionSet?: { id: string } } | null)?.predictionSet?.id;
  const set =
    designSet ??
    (await db.predictionSet.findFirst({ where: { datasetId: audit.datasetId }, orderBy: { createdAt: "desc" }, select: { id: true } }))?.id;
  const shown = o.orLatest ? await dashboardReport(db, auditId, o.waitMs) : null;
  const kept = shown ? shown.kept : await keptReport(db, auditId);
  if (!kept) return null;
  const asOf = shown && !shown.current ? kept.computedAt : null;
  const withError = kept.report.dimensions.filter((d) => d.errorCategory);
  const chosen = withError.find((d) => d.key === dimension) ?? withError[0];
  const key = chosen?.key ?? null;
  const list = await lists.get(`${auditId}\u0000${key}`, `${kept.version}\u0000${set}`, async () => {
    const [frame, items] = await Promise.all([
      set ? keptDisagreementFrame(db, audit.datasetId, set) : Promise.resolve(null),
      db.auditItem.findMany({
        where: { auditId },
        select: { id: true, sampleOrder: true, modelStratum: true, item: { select: { externalId: true } } },
      }),
    ]);
    const counts = new Map(frame?.items.map((i) => [i.externalId, i]));
    const majority = chosen ? majorityLabels(kept.items, chosen) : new Map<string, string | null>();
    const posteriors = new Map<string, number>();
    const pError = chosen && kept.items.errorPosteriors.get(chosen.key);
    if (pError) for (const [at, id] of kept.items.itemIds.entries()) if (!Number.isNaN(pError[at]!)) posteriors.set(id, pError[at]!);
    const rows = items.map((i): TriageRow => {
      const c = counts.get(i.item.externalId);
      const recorded: ModelStratum | null = i.modelStratum && isModelStratum(i.modelStratum) ? i.modelStratum : null;
      return {
        id: i.id,
        externalId: i.item.externalId,
        sampleOrder: i.sampleOrder,
        stratum: recorded ?? (c ? stratumOf(c.models, c.disagreeing) : null),
        models: c?.models ?? null,
        disagreeing: c?.disagreeing ?? null,
        majority: majority.get(i.id) ?? null,
        pError: posteriors.get(i.id) ?? null,
      };
    });
    return {
      audit: { id: audit.id, name: audit.name, status: audit.status, datasetId: audit.datasetId },
      predictionSet: frame?.set ?? null,
      dimensions: withError.map((d) => ({ key: d.key, label: d.label })),
      dimension: key,
      rows,
    };
  });
  return list && { ...list, asOf };
}
