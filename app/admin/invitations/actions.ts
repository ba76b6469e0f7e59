"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { guardedAction } from "@/lib/server/action";
import { invitationFieldsSchema, type InvitationInput } from "@/lib/server/users/invitation-fields";
import { createInvitation, revokeInvitation } from "@/lib/server/users/invitations";

/** Returns the link once; only a hash of its secret is stored. */
export async function createInvitationAction(input: InvitationInput) {
  const t = await getTranslations("admin.form.errors");
  const schema = invitationFieldsSchema((key, values) => t(key, values));
  return guardedAction("users:manage", schema, async (data, actor) => {
    const { token, expiresAt } = await createInvitation(db(), actor.id, data);
    revalidatePath("/admin/invitations");
    return { link: new URL(`/invite/${token}`, env().NEXTAUTH_URL).toString(), expiresAt: expiresAt.toISOString() };
  })(input);
}

export const revokeInvitationAction = guardedAction("users:manage", z.strictObject({ invitationId: z.string().min(1).max(100) }), async ({ invitationId }, actor) => {
  await revokeInvitation(db(), actor.id, invitationId);
  revalidatePath("/admin/invitations");
});
