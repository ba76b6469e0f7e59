import { db } from "@/lib/db";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { adjudicationAccess } from "@/lib/server/adjudication/access";
import { correctedDownload, mayDownloadCorrected } from "@/lib/server/adjudication/corrected-export";

/**
 * Downloads of the corrected benchmark (organizers) and its change log (adjudicators too),
 * streamed from the export cache. A data file is sent only once the importer's validation
 * passed: otherwise 409 with the located problems.
 */
export async function GET(_request: Request, ctx: { params: Promise<{ auditId: string; file: string }> }) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in first." }, { status: 401 });
  const { auditId, file } = await ctx.params;
  const access = await adjudicationAccess(db(), user, auditId);
  if (!access.ok) return Response.json({ error: access.reason === "forbidden" ? "Not allowed." : "Not found" }, { status: access.reason === "forbidden" ? 403 : 404 });
  // Checked before anything is built: the data files hold every record of the dataset.
  if (!mayDownloadCorrected(access, file)) return Response.json({ error: "Not allowed." }, { status: 403 });
  const download = await correctedDownload(db(), auditId, file);
  if (download.status === "not-found") return Response.json({ error: "Not found" }, { status: 404 });
  if (download.status === "invalid") return Response.json({ error: "The corrected benchmark did not pass the importer's checks.", issues: download.issues, total: download.total }, { status: 409 });
  return new Response(download.body, {
    headers: {
      "Content-Type": `${download.type}; charset=utf-8`,
      "Content-Length": String(download.size),
      "Content-Disposition": `attachment; filename="corrected-${file}"`,
      "Cache-Control": "no-store",
    },
  });
}
