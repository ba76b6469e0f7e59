import { db } from "@/lib/db";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { loadExportExtras } from "@/lib/server/reports/export-extras";
import { auditSlug, exportCatalog, renderExport } from "@/lib/server/reports/export-files";

/** Organizer downloads: computed from the stored ratings on every request. */
export async function GET(_request: Request, ctx: { params: Promise<{ auditId: string; file: string }> }) {
  const user = await guardRoute("audits:manage");
  if (user instanceof Response) return user;
  const { auditId, file } = await ctx.params;
  const snapshot = await loadAuditSnapshot(db(), auditId);
  if (!snapshot) return Response.json({ error: "Not found" }, { status: 404 });
  const entry = exportCatalog(snapshot).find((e) => e.file === file);
  const body = entry ? renderExport(snapshot, file, await loadExportExtras(db(), snapshot, file)) : null;
  if (!entry || body === null) return Response.json({ error: "Not found" }, { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": entry.type,
      "Content-Disposition": `attachment; filename="${auditSlug(snapshot.audit.name)}-${file}"`,
      "Cache-Control": "no-store",
    },
  });
}
