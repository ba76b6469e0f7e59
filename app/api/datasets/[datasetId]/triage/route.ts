import { parseTableParams } from "@/components/data-table/search-params";
import { recordDownload } from "@/lib/server/access-log/log";
import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { routeAddress } from "@/lib/server/request-address";
import { guardedRoute } from "@/lib/server/route";
import { datasetTriage } from "@/lib/server/triage/dataset-triage";
import { rankedFor, TRIAGE_TABLE } from "@/lib/triage/table";
import { triageCsv } from "@/lib/triage/triage";

/** A dataset's triage list as CSV (?set, sort, q, stratum), logged in the access log like the other downloads. */
export const GET = guardedRoute<{ datasetId: string }>("evaluations:manage", async ({ db, user, request, params: { datasetId } }) => {
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const triage = await datasetTriage(db, datasetId, search.set);
  if (!triage?.predictionSet) throw notFoundError();
  const rows = rankedFor(triage.rows, parseTableParams(search, TRIAGE_TABLE));
  const fileName = "triage-dataset.csv";
  recordDownload(db, { userId: user.id, address: routeAddress(request) }, "download.triage", {
    datasetId,
    detail: { file: fileName, predictionSet: triage.predictionSet.id, items: rows.length },
  });
  return downloadResponse(triageCsv(rows), { fileName, type: "text/csv; charset=utf-8" });
});
