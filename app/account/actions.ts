"use server";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { changeOwnPassword, changePasswordSchema } from "@/lib/server/users/change-password";

/** Any signed-in user changes their own password; every session of theirs ends, this one too. */
export const changePasswordAction = guardedAction("signed-in", changePasswordSchema, async (input, user) => {
  await changeOwnPassword(db(), user.id, input);
  return { done: true };
});

