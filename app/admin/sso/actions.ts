"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { parseRoleMap } from "@/lib/auth/sso-mapping";
import { db } from "@/lib/db";
import { oidcConfig } from "@/lib/env";
import { guardedAction } from "@/lib/server/action";
import { updateSsoSettings } from "@/lib/server/auth/sso-settings";

export interface SsoSettingsInput {
  allowProvisioning: boolean;
  roleClaim: string;
  /** The mapping as typed: one "<claim value>=<ROLE>" per line. */
  roleMap: string;
  passwordSignIn: boolean;
}

export async function saveSsoSettingsAction(input: SsoSettingsInput) {
  // Field messages in the reader's language; the mapping's parser names the entry at fault.
  const t = await getTranslations("sso.admin.errors");
  const schema = z.strictObject({
    allowProvisioning: z.boolean(),
    roleClaim: z.string().trim().min(1, t("roleClaim")).max(200),
    roleMap: z.string().max(20_000).transform((text, ctx) => {
      const parsed = parseRoleMap(text);
      if ("rules" in parsed) return parsed.rules;
      ctx.addIssue({ code: "custom", message: t("roleMap", { problem: parsed.error }) });
      return z.NEVER;
    }),
    passwordSignIn: z.boolean(),
  });
  return guardedAction("users:manage", schema, async (data, actor) => {
    await updateSsoSettings(db(), actor.id, oidcConfig(), data);
    revalidatePath("/admin/sso");
    revalidatePath("/login");
  })(input);
}
