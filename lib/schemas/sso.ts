// Input schema of the admin's single sign-on settings form (messages are catalog keys,
// lib/schemas/issues.ts). The mapping is typed as one "<claim value>=<ROLE>" per line; its parser
// (lib/auth/sso-mapping.ts, shared with sign-in) names the entry at fault.
import { z } from "zod";
import { parseRoleMap } from "../auth/sso-mapping";

export const ssoSettingsSchema = z.strictObject({
  allowProvisioning: z.boolean(),
  roleClaim: z.string().trim().min(1, "sso.admin.errors.roleClaim").max(200),
  roleMap: z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      const parsed = parseRoleMap(text);
      if ("rules" in parsed) return parsed.rules;
      ctx.addIssue({ code: "custom", message: "sso.admin.errors.roleMap", params: { problem: parsed.error } });
      return z.NEVER;
    }),
  passwordSignIn: z.boolean(),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsSchema>;
