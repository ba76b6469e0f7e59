import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getLocale, getTimeZone, getTranslations } from "@/lib/i18n/server";
import { AppHeader } from "@/components/layout/app-header";
import { IntlProvider } from "@/components/layout/intl-provider";
import { isLocale } from "@/lib/i18n/locales";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import "./globals.css";

// Every page depends on who is signed in: nothing is prerendered.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("appName"), template: `%s · ${t("appName")}` },
    description: t("tagline"),
    // public/: the icon, the web manifest, and robots.txt (an internal clinical tool: no indexing).
    icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
    manifest: "/manifest.webmanifest",
    robots: { index: false, follow: false },
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [user, locale, timeZone, t] = await Promise.all([getCurrentUser(), getLocale(), getTimeZone(), getTranslations("common")]);
  // lib/i18n/request.ts resolves the locale to one of LOCALES; anything else is a bug there.
  if (!isLocale(locale)) throw new Error(`unsupported locale ${locale}`);
  return (
    <html lang={locale}>
      <body className="min-h-screen font-sans">
        {/* Locale and time zone from lib/i18n/request.ts; the messages travel in the client bundle. */}
        <IntlProvider locale={locale} timeZone={timeZone}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            {t("skipToContent")}
          </a>
          {user && <AppHeader user={user} />}
          <main id="main" className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
            {children}
          </main>
        </IntlProvider>
      </body>
    </html>
  );
}
