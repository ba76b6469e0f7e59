"use server";
import { revalidatePath } from "next/cache";
import { env } from "@/lib/env";
import { invitationSchema, revokeInvitationSchema } from "@/lib/schemas/users";
import { guardedAction } from "@/lib/server/action";
import { createInvitation, revokeInvitation } from "@/lib/server/users/invitations";

/** Returns the link once; only a hash of its secret is stored. */
export const createInvitationAction = guardedAction("users:manage", invitationSchema, async (data, { db, user }) => {
  const { token, expiresAt } = await createInvitation(db, user.id, data);
  revalidatePath("/admin/invitations");
  return { link: new URL(`/invite/${token}`, env().NEXTAUTH_URL).toString(), expiresAt: expiresAt.toISOString() };
});

export const revokeInvitationAction = guardedAction("users:manage", revokeInvitationSchema, async ({ invitationId }, { db, user }) => {
  await revokeInvitation(db, user.id, invitationId);
  revalidatePath("/admin/invitations");
});
