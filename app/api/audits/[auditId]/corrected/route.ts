import { authorizeAdjudication } from "@/lib/server/adjudication/access";
import { correctedOverview } from "@/lib/server/adjudication/corrected-export";
import { notFoundError } from "@/lib/server/errors";
import { guardedRoute } from "@/lib/server/route";

/**
 * Where the corrected benchmark of the audit's current adjudication stands (building, with its
 * progress; ready, with the files; or refused by the importer's checks, with the located
 * problems). Looking starts the build when it is not built; `?retry=1` retries a failed one.
 * Adjudicators include clinicians given the role: access is checked per audit, not by role.
 */
export const GET = guardedRoute<{ auditId: string }>("signed-in", async ({ db, user, request, params: { auditId } }) => {
  const access = await authorizeAdjudication(db, user, auditId);
  const retry = new URL(request.url).searchParams.get("retry") === "1";
  const overview = await correctedOverview(db, auditId, access, { retry });
  if (!overview) throw notFoundError();
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
});
