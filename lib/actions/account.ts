"use server";
import { changePasswordSchema, replaceTemporaryPasswordSchema } from "@/lib/schemas/users";
import { guardedAction } from "@/lib/server/action";
import { changeOwnPassword } from "@/lib/server/users/change-password";
import { replaceTemporaryPassword } from "@/lib/server/users/replace-temporary-password";

/** Any signed-in user changes their own password; every session of theirs ends, this one too. */
export const changePasswordAction = guardedAction("signed-in", changePasswordSchema, async (input, { db, user }) => {
  await changeOwnPassword(db, user.id, input);
  return { done: true };
});

/** The forced change at first sign-in: the one action an account with a temporary password may call. */
export const replaceTemporaryPasswordAction = guardedAction(
  "temporary-password",
  replaceTemporaryPasswordSchema,
  async (input, { db, user }) => {
    await replaceTemporaryPassword(db, user.id, input);
    return { done: true };
  },
);
