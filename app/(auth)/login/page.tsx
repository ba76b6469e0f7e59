import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "@/lib/i18n/server";
import { LoginForm } from "@/components/auth/login-form";
import { SsoButton } from "@/components/auth/sso-button";
import { ssoErrorKey } from "@/lib/auth/sso-errors";
import { passwordSignInState } from "@/lib/server/auth/sso-settings";
import { LocaleSwitcher } from "@/components/layout/locale-switcher";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { homeFor } from "@/lib/auth/permissions";
import { env, oidcConfig } from "@/lib/env";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";
import { openContext } from "@/lib/server/page";
import { Card } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-error";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("title") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const { user, db } = await openContext();
  if (user) redirect(homeFor(user.role));
  const sso = oidcConfig();
  const [t, tc, ts, chosen, password] = await Promise.all([
    getTranslations("auth"),
    getTranslations("common"),
    getTranslations("sso"),
    cookies().then((c) => c.get(LOCALE_COOKIE)?.value),
    passwordSignInState(db, sso),
  ]);
  const callbackUrl = safeCallbackPath(params.callbackUrl, env().NEXTAUTH_URL);
  // A refusal or failure of single sign-on comes back here as ?error= (lib/auth/sso-errors.ts).
  const errorKey = sso ? ssoErrorKey(Array.isArray(params.error) ? params.error[0] : params.error) : null;
  return (
    <div className="mx-auto mt-16 max-w-sm">
      <div className="mb-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
        <p className="mt-2 text-sm text-slate-600">{tc("tagline")}</p>
      </div>
      <Card padding="lg" raised className="space-y-4">
        <FormError boxed className="border-amber-200 bg-amber-50 text-amber-900" data-testid="sso-error">
          {errorKey && ts(`errors.${errorKey}`, { name: sso!.name })}
        </FormError>
        {sso && <SsoButton name={sso.name} callbackUrl={callbackUrl} primary={!password.open} />}
        {sso && !password.open && <p className="text-center text-xs text-slate-500">{ts("passwordOff", { name: sso.name })}</p>}
        {sso && password.open && (
          <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            {ts("or")}
          </p>
        )}
        {/* A language chosen here is saved to the profile at sign-in. */}
        {password.open && <LoginForm callbackUrl={callbackUrl} chosenLocale={isLocale(chosen) ? chosen : undefined} />}
      </Card>
      <div className="mt-4 flex justify-center">
        <LocaleSwitcher />
      </div>
    </div>
  );
}
