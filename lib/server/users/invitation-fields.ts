import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../../auth/password";
import { ROLES } from "../../auth/permissions";
import { englishText } from "../errors";
import { DEFAULT_EXPIRY_HOURS, EXPIRY_CHOICES } from "./invitation-expiry";
import type { UserFieldMessage } from "./user-fields";


const english: UserFieldMessage = (key, values) => englishText({ key: `admin.form.errors.${key}`, values });

/** The admin's invitation form: a role, and optionally whom it is for. */
export function invitationFieldsSchema(message: UserFieldMessage = english) {
  return z.strictObject({
    role: z.enum(ROLES),
    // Empty: the invitee types their own.
    email: z.union([z.literal(""), z.string().trim().toLowerCase().pipe(z.email(message("email")))]).default(""),
    name: z.string().trim().max(120, message("nameTooLong", { max: 120 })).default(""),
    expiresInHours: z.union(EXPIRY_CHOICES.map((h) => z.literal(h)) as [z.ZodLiteral<24>, z.ZodLiteral<72>, z.ZodLiteral<168>, z.ZodLiteral<336>]).default(DEFAULT_EXPIRY_HOURS),
  });
}

/** The invitee's form. The email is ignored when the invitation names one. */
export function acceptFieldsSchema(message: UserFieldMessage = english) {
  return z
    .strictObject({
      token: z.string().max(200),
      email: z.string().trim().toLowerCase().max(254).default(""),
      name: z.string().trim().min(1, message("name")).max(120, message("nameTooLong", { max: 120 })),
      password: z.string().min(MIN_PASSWORD_LENGTH, message("passwordTooShort", { min: MIN_PASSWORD_LENGTH })).max(200, message("passwordTooLong", { max: 200 })),
      confirm: z.string().max(200),
    })
    .refine((p) => p.password === p.confirm, { path: ["confirm"], message: englishText({ key: "auth.account.mismatch" }) });
}

export type InvitationInput = z.input<ReturnType<typeof invitationFieldsSchema>>;
export type AcceptInput = z.output<ReturnType<typeof acceptFieldsSchema>>;
