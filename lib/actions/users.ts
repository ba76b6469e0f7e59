"use server";
import { revalidatePath } from "next/cache";
import { changeRoleSchema, createUserSchema, resetPasswordSchema, setUserActiveSchema } from "@/lib/schemas/users";
import { guardedAction } from "@/lib/server/action";
import { changeRole } from "@/lib/server/users/change-role";
import { createUser } from "@/lib/server/users/create-user";
import { resetPassword, setUserActive } from "@/lib/server/users/manage-user";

export const createUserAction = guardedAction("users:manage", createUserSchema, async (data, { db, user }) => {
  // Whether typed or generated, an admin's password is the admin's: replaced at first sign-in.
  const result = await createUser(db, user.id, data, { temporary: true });
  revalidatePath("/admin/users");
  return { email: result.user.email, temporaryPassword: result.temporaryPassword };
});

export const setUserActiveAction = guardedAction("users:manage", setUserActiveSchema, async ({ userId, active }, { db, user }) => {
  await setUserActive(db, user.id, userId, active);
  revalidatePath("/admin/users");
});

export const resetPasswordAction = guardedAction("users:manage", resetPasswordSchema, async ({ userId }, { db, user }) => ({
  temporaryPassword: await resetPassword(db, user.id, userId),
}));

export const changeRoleAction = guardedAction("users:manage", changeRoleSchema, async ({ userId, role }, { db, user }) => {
  await changeRole(db, user.id, userId, role);
  revalidatePath("/admin/users");
});
