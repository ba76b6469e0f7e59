import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { downloadBody } from "@/lib/server/reports/download-files";
import { keptExport } from "@/lib/server/reports/kept-report";
import { guardedRoute } from "@/lib/server/route";

/**
 * Organizer downloads: rendered in the report thread from the kept report (computed once per change
 * of the ratings), kept on disk and streamed from there.
 */
export const GET = guardedRoute<{ auditId: string; file: string }>("audits:manage", async ({ db, params: { auditId, file } }) => {
  const rendered = await keptExport(db, auditId, file);
  if (!rendered) throw notFoundError();
  return downloadResponse(await downloadBody(rendered), {
    fileName: rendered.fileName,
    type: rendered.type,
    size: rendered.size,
    extra: { "X-Content-SHA256": rendered.sha256 },
  });
});
