import { routeAddress } from "@/lib/server/request-address";
import { confirmCaseOpenSchema } from "@/lib/schemas/review";
import { confirmCaseOpen } from "@/lib/server/review/case-page";
import { guardedRoute } from "@/lib/server/route";

/**
 * A case page the browser kept (prefetched) is now shown: the view goes to the access log, and
 * the answer says whether the page's state is still current. A route, not a server action: the
 * router runs server actions one at a time, and this check must not hold back the rater's saves.
 */
export const POST = guardedRoute("review:rate", async ({ db, user, request }) => {
  const parsed = confirmCaseOpenSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return Response.json(
      { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ") },
      { status: 400 },
    );
  return Response.json({ ok: true, data: await confirmCaseOpen(db, user.id, parsed.data, routeAddress(request)) });
});
