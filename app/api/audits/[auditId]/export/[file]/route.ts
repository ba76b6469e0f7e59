import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { keptExport } from "@/lib/server/reports/kept-report";
import { guardedRoute } from "@/lib/server/route";

/** Organizer downloads: rendered in the report thread from the kept report (computed once per change of the ratings). */
export const GET = guardedRoute<{ auditId: string; file: string }>("audits:manage", async ({ db, params: { auditId, file } }) => {
  const rendered = await keptExport(db, auditId, file);
  if (!rendered) throw notFoundError();
  return downloadResponse(rendered.body, { fileName: rendered.fileName, type: rendered.type });
});
