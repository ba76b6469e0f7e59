// The translator and formatter of server components, pages, layouts, route handlers and server
// actions: next-intl's getTranslations / getFormatter, with the parsed messages and the Intl
// formatters kept for the life of the process, one set per (locale, time zone) — see
// catalog-translator.ts. The locale and time zone still come from each request (next-intl's
// request config, lib/i18n/request.ts: the profile, else the cookie, else the browser); the
// catalog is MESSAGES[locale], as that config says.
import { getLocale, getTimeZone } from "next-intl/server";
import { cache } from "react";
import type { createFormatter, createTranslator, Messages, NamespaceKeys, NestedKeyOf } from "use-intl/core";
import { processWide } from "../process-wide";
import { CatalogTranslator } from "./catalog-translator";
import type { Locale } from "./locales";
import { MESSAGES } from "./messages";

export { getLocale, getTimeZone };

/** next-intl's default for `format.relativeTime` without a `now`: the request's time (getDefaultNow). */
const requestNow = cache(() => new Date());

const catalogs = processWide("i18n.catalogs", () => new Map<string, CatalogTranslator>());

/** The process's translator for a locale and time zone; made on first use. */
export function catalogTranslator(locale: Locale, timeZone: string): CatalogTranslator {
  const key = `${locale}\n${timeZone}`;
  let catalog = catalogs.get(key);
  if (!catalog) {
    catalog = new CatalogTranslator({ locale, messages: MESSAGES[locale], timeZone, now: requestNow });
    catalogs.set(key, catalog);
  }
  return catalog;
}

async function requestCatalog(): Promise<CatalogTranslator> {
  const [locale, timeZone] = await Promise.all([getLocale(), getTimeZone()]);
  return catalogTranslator(locale, timeZone);
}

/** The request's translator for `namespace`: keys are type-checked as with next-intl's. */
export async function getTranslations<NestedKey extends NamespaceKeys<Messages, NestedKeyOf<Messages>> = never>(
  namespace?: NestedKey,
): Promise<ReturnType<typeof createTranslator<Messages, NestedKey>>> {
  return (await requestCatalog()).translator(namespace) as unknown as ReturnType<typeof createTranslator<Messages, NestedKey>>;
}

/** The request's formatter (dates in the configured time zone). */
export async function getFormatter(): Promise<ReturnType<typeof createFormatter>> {
  return (await requestCatalog()).formatter;
}
