import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../../auth/password";
import { ROLES } from "../../auth/permissions";
import { englishText } from "../errors";

/** What an admin may see of a user: never the password hash. */
export const USER_PUBLIC_FIELDS = {
  id: true,
  email: true,
  name: true,
  role: true,
  active: true,
  passwordMustChange: true,
  createdAt: true,
} as const;

const NAME_MAX = 120;
const PASSWORD_MAX = 200;

/** The form's field messages (admin.form.errors.*) in some language. */
export type UserFieldMessage = (
  key: "email" | "name" | "nameTooLong" | "passwordTooShort" | "passwordTooLong",
  values?: Record<string, number>,
) => string;

const english: UserFieldMessage = (key, values) => englishText({ key: `admin.form.errors.${key}`, values });

/** The user form's schema, its messages in the reader's language (the server action passes them). */
export function userFieldsSchema(message: UserFieldMessage = english) {
  return z.strictObject({
    email: z.string().trim().toLowerCase().pipe(z.email(message("email"))),
    name: z.string().trim().min(1, message("name")).max(NAME_MAX, message("nameTooLong", { max: NAME_MAX })),
    role: z.enum(ROLES),
    // Empty: generate a temporary password and show it once.
    password: z
      .string()
      .max(PASSWORD_MAX, message("passwordTooLong", { max: PASSWORD_MAX }))
      .refine((p) => p === "" || p.length >= MIN_PASSWORD_LENGTH, message("passwordTooShort", { min: MIN_PASSWORD_LENGTH }))
      .default(""),
  });
}

export const createUserSchema = userFieldsSchema();
export type CreateUserInput = z.input<typeof createUserSchema>;
