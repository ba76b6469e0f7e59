// next-intl's request configuration: the signed-in user's language (their profile), else the
// language chosen before sign-in (cookie), else the browser's. No locale in the URL: links and
// bookmarks are the same for every reader. lib/i18n/server.ts keeps one translator per locale
// and time zone for the whole process on the word of this config: the catalog is
// MESSAGES[locale], with no formats, onError or getMessageFallback of its own (add one here, and
// add it there too).
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { env } from "../env";
import { getCurrentUser } from "../server/auth/current-user";
import { LOCALE_COOKIE, resolveLocale } from "./locales";
import { MESSAGES } from "./messages";

export default getRequestConfig(async () => {
  const [user, cookieStore, headerList] = await Promise.all([getCurrentUser(), cookies(), headers()]);
  const locale = resolveLocale({
    profile: user?.locale,
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
  return { locale, messages: MESSAGES[locale], timeZone: env().CLINAUDIT_TIME_ZONE };
});
