"use server";
import { cookies } from "next/headers";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";
import { openContext } from "@/lib/server/page";
import { setUserLocale } from "@/lib/server/users/set-locale";

/**
 * The header's language switch. Open to everyone (the sign-in page has it too): the choice is
 * remembered in a cookie and, for a signed-in user, saved in their profile.
 */
export async function setLocaleAction(locale: string): Promise<{ ok: boolean }> {
  if (!isLocale(locale)) return { ok: false };
  const store = await cookies();
  store.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });
  const { user, db } = await openContext();
  if (user) await setUserLocale(db, user.id, locale);
  return { ok: true };
}
