import { db } from "@/lib/db";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { adjudicationAccess } from "@/lib/server/adjudication/access";
import { correctedOverview } from "@/lib/server/adjudication/corrected-export";

/**
 * Where the corrected benchmark of the audit's current adjudication stands (building, with its
 * progress; ready, with the files; or refused by the importer's checks, with the located
 * problems). Looking starts the build when it is not built; `?retry=1` retries a failed one.
 */
export async function GET(request: Request, ctx: { params: Promise<{ auditId: string }> }) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in first." }, { status: 401 });
  const { auditId } = await ctx.params;
  const access = await adjudicationAccess(db(), user, auditId);
  if (!access.ok) return Response.json({ error: access.reason === "forbidden" ? "Not allowed." : "Not found" }, { status: access.reason === "forbidden" ? 403 : 404 });
  const retry = new URL(request.url).searchParams.get("retry") === "1";
  const overview = await correctedOverview(db(), auditId, access, { retry });
  if (!overview) return Response.json({ error: "Not found" }, { status: 404 });
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
}
