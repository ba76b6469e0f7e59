"use server";
import { revalidatePath } from "next/cache";
import { oidcConfig } from "@/lib/env";
import { guardedAction } from "@/lib/server/action";
import { ssoSettingsSchema } from "@/lib/schemas/sso";
import { updateSsoSettings } from "@/lib/server/auth/sso-settings";

export const saveSsoSettingsAction = guardedAction("users:manage", ssoSettingsSchema, async (data, { db, user }) => {
  await updateSsoSettings(db, user.id, oidcConfig(), data);
  revalidatePath("/admin/sso");
  revalidatePath("/login");
});
