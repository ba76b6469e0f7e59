import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../../auth/password";
import { ROLES } from "../../auth/permissions";

/** What an admin may see of a user: never the password hash. */
export const USER_PUBLIC_FIELDS = {
  id: true,
  email: true,
  name: true,
  role: true,
  active: true,
  createdAt: true,
} as const;

export const createUserSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address")),
  name: z.string().trim().min(1, "Enter a name").max(120),
  role: z.enum(ROLES),
  // Empty: generate a temporary password and show it once.
  password: z
    .string()
    .max(200)
    .refine((p) => p === "" || p.length >= MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`)
    .default(""),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
