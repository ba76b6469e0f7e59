import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";
import { guardedRoute } from "@/lib/server/route";

/** The audit's reproducibility package (organizers): the same bytes for the same audit state. */
export const GET = guardedRoute<{ auditId: string }>("audits:manage", async ({ db, params: { auditId } }) => {
  const built = await buildAuditPackage(db, auditId);
  if (!built) throw notFoundError();
  return downloadResponse(new Uint8Array(built.zip), {
    fileName: built.fileName,
    type: "application/zip",
    size: built.zip.length,
    extra: { "X-Content-SHA256": built.sha256 },
  });
});
