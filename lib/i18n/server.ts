// The translator and formatter of server components, pages, layouts, route handlers and server
// actions: next-intl's getTranslations / getFormatter (and, in server components, its
// useTranslations / useFormatter), with the parsed messages and the Intl formatters kept for the
// life of the process, one set per (locale, time zone) — see catalog-translator.ts. A component
// that a client component also imports takes its hooks from lib/i18n/client.ts instead
// (server-only stops it here).
// The locale and time zone still come from each request (next-intl's request config,
// lib/i18n/request.ts: the profile, else the cookie, else the browser); the catalog is
// MESSAGES[locale], as that config says.
import "server-only";
import { getLocale, getTimeZone } from "next-intl/server";
import { cache, use } from "react";
import type { createFormatter, createTranslator, Messages, NamespaceKeys, NestedKeyOf } from "use-intl/core";
import { type CatalogTranslator, keptCatalogs } from "./catalog-translator";

export { getLocale, getTimeZone };

/** next-intl's default for `format.relativeTime` without a `now`: the request's time (getDefaultNow). */
const requestNow = cache(() => new Date());

/** The process's translator for a locale and time zone; made on first use. */
export const catalogTranslator = keptCatalogs("i18n.catalogs", requestNow);

/** The request's catalog translator: one promise per request, as next-intl's getConfig. */
const requestCatalog = cache(async (): Promise<CatalogTranslator> => {
  const [locale, timeZone] = await Promise.all([getLocale(), getTimeZone()]);
  return catalogTranslator(locale, timeZone);
});

/** A namespace of the catalog, and the translator for it: typed as next-intl's. */
type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;
type Translator<NestedKey extends Namespace> = ReturnType<typeof createTranslator<Messages, NestedKey>>;

/** The request's translator for `namespace`: keys are type-checked as with next-intl's. */
export async function getTranslations<NestedKey extends Namespace = never>(namespace?: NestedKey): Promise<Translator<NestedKey>> {
  return (await requestCatalog()).translator(namespace) as unknown as Translator<NestedKey>;
}

/** The request's formatter (dates in the configured time zone). */
export async function getFormatter(): Promise<ReturnType<typeof createFormatter>> {
  return (await requestCatalog()).formatter;
}

/** next-intl's useTranslations for a server component (not an async one): the request's translator. */
export function useTranslations<NestedKey extends Namespace = never>(namespace?: NestedKey): Translator<NestedKey> {
  return use(requestCatalog()).translator(namespace) as unknown as Translator<NestedKey>;
}

/** next-intl's useFormatter for a server component. */
export function useFormatter(): ReturnType<typeof createFormatter> {
  return use(requestCatalog()).formatter;
}
