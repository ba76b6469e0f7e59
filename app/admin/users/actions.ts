"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { createUser } from "@/lib/server/users/create-user";
import { ROLES } from "@/lib/auth/permissions";
import { changeRole } from "@/lib/server/users/change-role";
import { resetPassword, setUserActive } from "@/lib/server/users/manage-user";
import { userFieldsSchema, type CreateUserInput } from "@/lib/server/users/user-fields";

export async function createUserAction(input: CreateUserInput) {
  // The field messages in the reader's language.
  const t = await getTranslations("admin.form.errors");
  const schema = userFieldsSchema((key, values) => t(key, values));
  return guardedAction("users:manage", schema, async (data, actor) => {
    // Whether typed or generated, an admin's password is the admin's: replaced at first sign-in.
    const result = await createUser(db(), actor.id, data, { temporary: true });
    revalidatePath("/admin/users");
    return { email: result.user.email, temporaryPassword: result.temporaryPassword };
  })(input);
}

export const setUserActiveAction = guardedAction(
  "users:manage",
  z.strictObject({ userId: z.string().min(1), active: z.boolean() }),
  async ({ userId, active }, actor) => {
    await setUserActive(db(), actor.id, userId, active);
    revalidatePath("/admin/users");
  },
);

export const resetPasswordAction = guardedAction(
  "users:manage",
  z.strictObject({ userId: z.string().min(1) }),
  async ({ userId }, actor) => ({ temporaryPassword: await resetPassword(db(), actor.id, userId) }),
);

export const changeRoleAction = guardedAction(
  "users:manage",
  z.strictObject({ userId: z.string().min(1).max(100), role: z.enum(ROLES) }),
  async ({ userId, role }, actor) => {
    await changeRole(db(), actor.id, userId, role);
    revalidatePath("/admin/users");
  },
);
