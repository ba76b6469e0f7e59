import { db } from "@/lib/db";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { adjudicationAccess } from "@/lib/server/adjudication/access";
import { correctedBenchmark, mayDownloadCorrected } from "@/lib/server/adjudication/corrected-export";

/** Downloads of the corrected benchmark (organizers) and its change log (adjudicators too). */
export async function GET(_request: Request, ctx: { params: Promise<{ auditId: string; file: string }> }) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in first." }, { status: 401 });
  const { auditId, file } = await ctx.params;
  const access = await adjudicationAccess(db(), user, auditId);
  if (!access.ok) return Response.json({ error: access.reason === "forbidden" ? "Not allowed." : "Not found" }, { status: access.reason === "forbidden" ? 403 : 404 });
  // Checked before anything is built: the data files hold every record of the dataset.
  if (!mayDownloadCorrected(access, file)) return Response.json({ error: "Not allowed." }, { status: 403 });
  const bundle = await correctedBenchmark(db(), auditId);
  const entry = bundle?.files.find((f) => f.name === file);
  if (!entry) return Response.json({ error: "Not found" }, { status: 404 });
  return new Response(entry.text(), {
    headers: { "Content-Type": `${entry.type}; charset=utf-8`, "Content-Disposition": `attachment; filename="corrected-${file}"`, "Cache-Control": "no-store" },
  });
}
