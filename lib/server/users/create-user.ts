import "server-only";
import type { Db } from "../../db/client";
import { generatePassword, hashPassword } from "../../auth/password";
import { AppError } from "../errors";
import { recordEvent } from "../audit-trail";
import { createUserSchema, type CreateUserInput } from "../../schemas/users";
import { USER_PUBLIC_FIELDS } from "./user-fields";

export interface CreateUserOptions {
  /**
   * The password was chosen by someone else (an admin's form, a generated one): the user must
   * replace it at first sign-in. Off for the demo accounts and an operator's own admin password.
   */
  temporary?: boolean;
}

/** Creates a user; returns the temporary password when one was generated (shown once). */
export async function createUser(db: Db, actorId: string | null, input: CreateUserInput, options: CreateUserOptions = {}) {
  // Only the form's fields: internal callers (demo accounts, bootstrap) may pass more, such as a locale.
  const data = createUserSchema.parse({ email: input.email, name: input.name, role: input.role, password: input.password });
  const temporaryPassword = data.password === "" ? generatePassword() : null;
  const passwordHash = await hashPassword(temporaryPassword ?? data.password);
  const existing = await db.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) throw new AppError("CONFLICT", { key: "admin.errors.emailTaken", values: { email: data.email } });
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: { email: data.email, name: data.name, role: data.role, passwordHash, passwordMustChange: options.temporary === true },
      select: USER_PUBLIC_FIELDS,
    });
    await recordEvent(tx, {
      actorId,
      action: "user.create",
      entity: "User",
      entityId: created.id,
      after: { email: created.email, name: created.name, role: created.role, ...(options.temporary ? { temporaryPassword: true } : {}) },
    });
    return created;
  });
  return { user, temporaryPassword };
}
