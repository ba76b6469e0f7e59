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

/**
 * The module mock for a test that renders a server component through withIntl: the hooks of
 * lib/i18n/server read the request (which a test has not), next-intl's read the provider.
 * `vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());`
 */
export async function providerHooks() {
  const { useFormatter, useTranslations } = await import("next-intl");
  return { useFormatter, useTranslations };
}
