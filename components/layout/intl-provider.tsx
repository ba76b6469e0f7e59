"use client";
// The interface's messages for client components, from the client bundle: a script the browser
// caches once. Handed over by the root layout instead, every catalog (~48 KB) was serialized into
// every document and parsed again by every render of every page (bench/README.md, "the message
// catalog"). Locale and time zone still come from the request (lib/i18n/request.ts).
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";

export function IntlProvider({ locale, timeZone, children }: { locale: Locale; timeZone: string; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={MESSAGES[locale]}>
      {children}
    </NextIntlClientProvider>
  );
}
