import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { LocaleSwitcher } from "@/components/layout/locale-switcher";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { homeFor } from "@/lib/auth/permissions";
import { env } from "@/lib/env";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";
import { getCurrentUser } from "@/lib/server/auth/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("title") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const user = await getCurrentUser();
  if (user) redirect(homeFor(user.role));
  const [t, tc, chosen] = await Promise.all([getTranslations("auth"), getTranslations("common"), cookies().then((c) => c.get(LOCALE_COOKIE)?.value)]);
  return (
    <div className="mx-auto mt-16 max-w-sm">
      <div className="mb-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
        <p className="mt-2 text-sm text-slate-600">{tc("tagline")}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        {/* A language chosen here is saved to the profile at sign-in. */}
        <LoginForm callbackUrl={safeCallbackPath(params.callbackUrl, env().NEXTAUTH_URL)} chosenLocale={isLocale(chosen) ? chosen : undefined} />
      </div>
      <div className="mt-4 flex justify-center">
        <LocaleSwitcher />
      </div>
    </div>
  );
}
