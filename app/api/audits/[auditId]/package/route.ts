import { recordDownload } from "@/lib/server/access-log/log";
import { downloadResponse } from "@/lib/server/download";
import { routeAddress } from "@/lib/server/request-address";
import { notFoundError } from "@/lib/server/errors";
import { downloadBody } from "@/lib/server/reports/download-files";
import { keptPackage } from "@/lib/server/reports/kept-report";
import { guardedRoute } from "@/lib/server/route";

/** The audit's reproducibility package (organizers): the same bytes for the same audit state. */
export const GET = guardedRoute<{ auditId: string }>("audits:manage", async ({ db, user, request, params: { auditId } }) => {
  const built = await keptPackage(db, auditId);
  if (!built) throw notFoundError();
  recordDownload(db, { userId: user.id, address: routeAddress(request) }, "download.package", {
    auditId,
    detail: { file: built.fileName },
  });
  return downloadResponse(await downloadBody(built), {
    fileName: built.fileName,
    type: built.type,
    size: built.size,
    extra: { "X-Content-SHA256": built.sha256 },
  });
});
