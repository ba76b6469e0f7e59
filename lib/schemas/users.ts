// Client-safe input schemas of the account and user-admin forms, imported by the server actions
// and the forms alike. Messages are catalog keys (lib/schemas/issues.ts); a length's bound
// reaches the message as {min} / {max}.
import { z } from "zod";
import { foldEmail, hasLookAlike } from "../auth/email";
import { ROLES } from "../auth/permissions";
import { isCleanLine, lineName } from "./text";

/** The shortest password anyone may choose (lib/auth/password.ts hashes them). */
export const MIN_PASSWORD_LENGTH = 12;
const NAME_MAX = 120;
const PASSWORD_MAX = 200;

/** How long an invitation link may stay open, in hours: a day to two weeks; three days unless chosen. */
export const EXPIRY_CHOICES = [24, 72, 168, 336] as const;
export const DEFAULT_EXPIRY_HOURS = 72;

// Compared as accounts are (lib/auth/email.ts): a look-alike is refused with its own message.
const foldedEmail = () =>
  z
    .string()
    .trim()
    .refine((s) => !hasLookAlike(s), "admin.form.errors.emailLookAlike")
    .transform(foldEmail);
const email = () => foldedEmail().pipe(z.email("admin.form.errors.email"));
const name = () => lineName(NAME_MAX, "admin.form.errors.name", "admin.form.errors.nameTooLong");
const newPassword = () =>
  z.string().min(MIN_PASSWORD_LENGTH, "auth.account.tooShort").max(PASSWORD_MAX, "admin.form.errors.passwordTooLong");
const mismatch = { path: ["confirm"], message: "auth.account.mismatch" };

/** The admin's new-user form. */
export const createUserSchema = z.strictObject({
  email: email(),
  name: name(),
  role: z.enum(ROLES),
  // Empty: generate a temporary password and show it once.
  password: z
    .string()
    .max(PASSWORD_MAX, "admin.form.errors.passwordTooLong")
    .refine((p) => p === "" || p.length >= MIN_PASSWORD_LENGTH, {
      message: "admin.form.errors.passwordTooShort",
      params: { min: MIN_PASSWORD_LENGTH },
    })
    .default(""),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** The admin's invitation form: a role, and optionally whom it is for. */
export const invitationSchema = z.strictObject({
  role: z.enum(ROLES),
  // Empty: the invitee types their own.
  email: foldedEmail()
    .pipe(z.union([z.literal(""), z.email("admin.form.errors.email")]))
    .default(""),
  name: z
    .string()
    .trim()
    .max(NAME_MAX, "admin.form.errors.nameTooLong")
    .refine(isCleanLine, "common.validation.controlCharactersInName")
    .default(""),
  expiresInHours: z
    .union(EXPIRY_CHOICES.map((h) => z.literal(h)) as [z.ZodLiteral<24>, z.ZodLiteral<72>, z.ZodLiteral<168>, z.ZodLiteral<336>])
    .default(DEFAULT_EXPIRY_HOURS),
});
export type InvitationInput = z.input<typeof invitationSchema>;

/** The invitee's form. The email is ignored when the invitation names one. */
export const acceptInvitationSchema = z
  .strictObject({
    token: z.string().max(200),
    email: foldedEmail().pipe(z.string().max(254)).default(""),
    name: name(),
    password: newPassword(),
    confirm: z.string().max(PASSWORD_MAX),
  })
  .refine((p) => p.password === p.confirm, mismatch);
export type AcceptInput = z.output<typeof acceptInvitationSchema>;

/** The same without a password, where the site signs in through SSO only (no password is set). */
export const acceptInvitationForSsoSchema = z.strictObject({
  token: z.string().max(200),
  email: foldedEmail().pipe(z.string().max(254)).default(""),
  name: name(),
});
export type AcceptForSsoInput = z.output<typeof acceptInvitationForSsoSchema>;

/** A signed-in user's own password change, proving the current one. */
export const changePasswordSchema = z
  .strictObject({ current: z.string().min(1).max(PASSWORD_MAX), next: newPassword(), confirm: z.string().max(PASSWORD_MAX) })
  .refine((p) => p.next === p.confirm, mismatch)
  .refine((p) => p.next !== p.current, { path: ["next"], message: "auth.account.sameAsCurrent" });

/** The forced change at first sign-in. */
export const replaceTemporaryPasswordSchema = z
  .strictObject({ next: newPassword(), confirm: z.string().max(PASSWORD_MAX) })
  .refine((p) => p.next === p.confirm, mismatch);

const id = z.string().min(1).max(100);

/** The admin's row controls on the users list. */
export const setUserActiveSchema = z.strictObject({ userId: id, active: z.boolean() });
export const resetPasswordSchema = z.strictObject({ userId: id });
export const changeRoleSchema = z.strictObject({ userId: id, role: z.enum(ROLES) });
export const revokeInvitationSchema = z.strictObject({ invitationId: id });
