import "server-only";
import type { Db } from "../../db/client";
import { correctedState } from "../adjudication/corrected-state";

/**
 * The stamp of what the downloads read beside the report (export-extras.ts): the adjudications
 * (their count and latest change) and the accepted corrections (the corrected state's key, which
 * the revision summary is kept by). The report's own inputs are dashboardVersion's; a rendered
 * file is kept per both (thread/work.ts). Cheap: one aggregate and the accepted decisions.
 */
export async function extrasVersion(db: Db, auditId: string): Promise<string> {
  const [adjudications, corrected] = await Promise.all([
    db.adjudication.aggregate({ where: { auditId }, _count: { _all: true }, _max: { updatedAt: true } }),
    correctedState(db, auditId),
  ]);
  return `${adjudications._count._all}:${adjudications._max.updatedAt?.getTime() ?? 0}:${corrected?.key ?? "none"}`;
}
