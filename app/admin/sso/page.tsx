import type { Metadata } from "next";
import { getTranslations } from "@/lib/i18n/server";
import { SsoSettingsForm } from "@/components/admin/sso-settings-form";
import { PageHeader } from "@/components/ui/page-header";
import { formatRoleMap } from "@/lib/auth/sso-mapping";
import { SSO_PROVIDER_ID } from "@/lib/auth/sso-provider";
import { env, oidcConfig } from "@/lib/env";
import { countSsoLinks, passwordSignInState } from "@/lib/server/auth/sso-settings";
import { pageContext } from "@/lib/server/page";
import { Card } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sso.admin"))("metaTitle") };
}

export default async function SsoSettingsPage() {
  const { db } = await pageContext("users:manage");
  const t = await getTranslations("sso.admin");
  const sso = oidcConfig();
  if (!sso) {
    return (
      <>
        <PageHeader title={t("title")} description={t("description")} />
        <Card as="p" padding="md" raised className="text-sm text-slate-700">
          {t("notConfigured")}
        </Card>
      </>
    );
  }
  const [{ settings, activeSsoAdmins, open }, linked] = await Promise.all([passwordSignInState(db, sso), countSsoLinks(db, sso.issuer)]);
  const facts: [string, string][] = [
    [t("provider"), sso.name],
    [t("issuer"), sso.issuer],
    [t("callback"), `${env().NEXTAUTH_URL.replace(/\/+$/, "")}/api/auth/callback/${SSO_PROVIDER_ID}`],
    [t("linked"), String(linked)],
    [t("ssoAdmins"), String(activeSsoAdmins)],
  ];
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="max-w-3xl space-y-6">
        <Card as="dl" padding="md" raised className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-all font-mono text-slate-900" data-testid={`sso-fact-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </Card>
        {!settings.passwordSignIn && open && (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("passwordForcedOpen")}</p>
        )}
        <SsoSettingsForm
          initial={{
            allowProvisioning: settings.allowProvisioning,
            roleClaim: settings.roleClaim,
            roleMap: formatRoleMap(settings.roleMap),
            passwordSignIn: settings.passwordSignIn,
          }}
        />
      </div>
    </>
  );
}
