import { z } from "zod";
import { listNotifications, markSeen } from "@/lib/server/notifications/list";
import { guardedRoute } from "@/lib/server/route";

/** The header's bell: the signed-in user's notifications (lib/server/notifications), newest first. */
export const GET = guardedRoute("signed-in", async ({ db, user }) =>
  Response.json(await listNotifications(db, user), { headers: { "Cache-Control": "private, no-store" } }),
);

const seenSchema = z.strictObject({ upTo: z.iso.datetime({ offset: true }) });

/** Marks read every entry up to the newest one the list showed. */
export const POST = guardedRoute("signed-in", async ({ db, user, request }) => {
  const parsed = seenSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ ok: false, error: "upTo: expected an ISO 8601 time" }, { status: 400 });
  await markSeen(db, user.id, new Date(parsed.data.upTo));
  return Response.json({ ok: true });
});
