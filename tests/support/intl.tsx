// Component tests render outside Next: give them the same catalogs the app uses.
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";

export function withIntl(node: ReactNode, locale: Locale = "en") {
  return (
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC">
      {node}
    </NextIntlClientProvider>
  );
}
