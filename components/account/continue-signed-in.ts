"use client";
import { signIn } from "next-auth/react";

/**
 * After a password was set (forced change, accepted invitation) the old session, if any, has
 * ended: sign in with the new password at once, so the person goes straight on to the app.
 * False when that sign-in did not succeed (the caller then offers the sign-in page).
 */
export async function continueSignedIn(email: string, password: string): Promise<boolean> {
  const result = await signIn("credentials", { email, password, redirect: false });
  if (!result || result.error) return false;
  // A full load: the layout and header are rendered afresh for the new session.
  window.location.assign("/");
  return true;
}
