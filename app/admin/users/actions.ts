"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { createUser } from "@/lib/server/users/create-user";
import { resetPassword, setUserActive } from "@/lib/server/users/manage-user";
import { createUserSchema } from "@/lib/server/users/user-fields";

export const createUserAction = guardedAction("users:manage", createUserSchema, async (input, actor) => {
  const result = await createUser(db(), actor.id, input);
  revalidatePath("/admin/users");
  return { email: result.user.email, temporaryPassword: result.temporaryPassword };
});

export const setUserActiveAction = guardedAction(
  "users:manage",
  z.object({ userId: z.string().min(1), active: z.boolean() }),
  async ({ userId, active }, actor) => {
    await setUserActive(db(), actor.id, userId, active);
    revalidatePath("/admin/users");
  },
);

export const resetPasswordAction = guardedAction(
  "users:manage",
  z.object({ userId: z.string().min(1) }),
  async ({ userId }, actor) => ({ temporaryPassword: await resetPassword(db(), actor.id, userId) }),
);
