import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { loadExportExtras } from "@/lib/server/reports/export-extras";
import { auditSlug, exportCatalog, renderExport } from "@/lib/server/reports/export-files";
import { guardedRoute } from "@/lib/server/route";

/** Organizer downloads: computed from the stored ratings on every request. */
export const GET = guardedRoute<{ auditId: string; file: string }>("audits:manage", async ({ db, params: { auditId, file } }) => {
  const snapshot = await loadAuditSnapshot(db, auditId);
  if (!snapshot) throw notFoundError();
  const entry = exportCatalog(snapshot).find((e) => e.file === file);
  const body = entry ? renderExport(snapshot, file, await loadExportExtras(db, snapshot, file)) : null;
  if (!entry || body === null) throw notFoundError();
  return downloadResponse(body, { fileName: `${auditSlug(snapshot.audit.name)}-${file}`, type: entry.type });
});
