// The translator and formatter of client components: next-intl's useTranslations and useFormatter,
// typed as next-intl's, with the parsed messages and the Intl formatters kept per (locale, time
// zone) for the life of the module: the process on the server, the page in the browser. next-intl's
// provider makes a new message cache and new Intl formatters on every render, so the server render
// of every page parsed each client component's messages again and built its Intl.* objects again
// (~3 ms of a decision point's case page, bench/README.md 2026-12-07). The locale and time zone
// are the provider's (components/layout/intl-provider.tsx: the request's), and so is the catalog,
// MESSAGES[locale]; everything the fast path cannot answer goes to use-intl's own translator
// (catalog-translator.ts), with the same output, fallback and error report as next-intl's.
import { useLocale, useTimeZone, type useFormatter as nextUseFormatter, type useTranslations as nextUseTranslations } from "next-intl";
import { keptCatalogs } from "./catalog-translator";
import type { Locale } from "./locales";

export { useLocale };

// No client component formats a relative time; were one to, it would count from its render.
const catalog = keptCatalogs("i18n.client-catalogs", () => new Date());

/** next-intl's useTranslations, from the catalog kept for the provider's locale and time zone. */
export const useTranslations = ((namespace?: string) =>
  catalog(useLocale() as Locale, useTimeZone() ?? "UTC").translator(namespace)) as unknown as typeof nextUseTranslations;

/** next-intl's useFormatter, from the same kept catalog. */
export const useFormatter = (() => catalog(useLocale() as Locale, useTimeZone() ?? "UTC").formatter) as unknown as typeof nextUseFormatter;
