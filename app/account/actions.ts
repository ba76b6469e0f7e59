"use server";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { changeOwnPassword, changePasswordSchema } from "@/lib/server/users/change-password";
import { replaceTemporaryPassword, replaceTemporaryPasswordSchema } from "@/lib/server/users/replace-temporary-password";

/** Any signed-in user changes their own password; every session of theirs ends, this one too. */
export const changePasswordAction = guardedAction("signed-in", changePasswordSchema, async (input, user) => {
  await changeOwnPassword(db(), user.id, input);
  return { done: true };
});


/** The forced change at first sign-in: the one action an account with a temporary password may call. */
export const replaceTemporaryPasswordAction = guardedAction("temporary-password", replaceTemporaryPasswordSchema, async (input, account) => {
  await replaceTemporaryPassword(db(), account.id, input);
  return { done: true };
});
