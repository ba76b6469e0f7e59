import { db } from "@/lib/db";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";

/** The audit's reproducibility package (organizers): the same bytes for the same audit state. */
export async function GET(_request: Request, ctx: { params: Promise<{ auditId: string }> }) {
  const user = await guardRoute("audits:manage");
  if (user instanceof Response) return user;
  const { auditId } = await ctx.params;
  const built = await buildAuditPackage(db(), auditId);
  if (!built) return Response.json({ error: "Not found" }, { status: 404 });
  return new Response(new Uint8Array(built.zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${built.fileName}"`,
      "Content-Length": String(built.zip.length),
      "X-Content-SHA256": built.sha256,
      "Cache-Control": "no-store",
    },
  });
}
