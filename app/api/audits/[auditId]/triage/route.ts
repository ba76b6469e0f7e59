import { parseTableParams } from "@/components/data-table/search-params";
import { recordDownload } from "@/lib/server/access-log/log";
import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { routeAddress } from "@/lib/server/request-address";
import { guardedRoute } from "@/lib/server/route";
import { auditTriage } from "@/lib/server/triage/audit-triage";
import { rankedFor, TRIAGE_TABLE } from "@/lib/triage/table";
import { triageCsv } from "@/lib/triage/triage";

/**
 * The audit's triage list as CSV (organizers and admins): the whole list in the page's order and
 * filters (?sort, q, stratum, dimension), logged in the access log like the other downloads.
 */
export const GET = guardedRoute<{ auditId: string }>("audits:manage", async ({ db, user, request, params: { auditId } }) => {
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const triage = await auditTriage(db, auditId, search.dimension);
  if (!triage) throw notFoundError();
  const rows = rankedFor(triage.rows, parseTableParams(search, TRIAGE_TABLE));
  const fileName = `triage-${triage.dimension ?? "items"}.csv`;
  recordDownload(db, { userId: user.id, address: routeAddress(request) }, "download.triage", {
    auditId,
    datasetId: triage.audit.datasetId,
    detail: { file: fileName, items: rows.length },
  });
  return downloadResponse(triageCsv(rows), { fileName, type: "text/csv; charset=utf-8" });
});
