import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { keptReport } from "@/lib/server/reports/kept-report";
import { loadExportExtras } from "@/lib/server/reports/export-extras";
import { auditSlug, exportCatalog, renderExport } from "@/lib/server/reports/export-files";
import { guardedRoute } from "@/lib/server/route";

/** Organizer downloads: rendered from the audit's kept report (computed once per change of the ratings). */
export const GET = guardedRoute<{ auditId: string; file: string }>("audits:manage", async ({ db, params: { auditId, file } }) => {
  const kept = await keptReport(db, auditId);
  if (!kept) throw notFoundError();
  const { snapshot, report } = kept;
  const entry = exportCatalog(snapshot).find((e) => e.file === file);
  const body = entry ? renderExport(snapshot, file, await loadExportExtras(db, snapshot, file), report) : null;
  if (!entry || body === null) throw notFoundError();
  return downloadResponse(body, { fileName: `${auditSlug(snapshot.audit.name)}-${file}`, type: entry.type });
});
