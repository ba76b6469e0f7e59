import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "@/lib/i18n/server";
import { ForcedPasswordForm } from "@/components/account/forced-password-form";
import { AuthCard } from "@/components/auth/auth-card";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { homeFor } from "@/lib/auth/permissions";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { getSessionAccount } from "@/lib/server/auth/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.forced"))("title") };
}

/**
 * The only page an account with a temporary password reaches (requireUser sends it here; every
 * action and route refuses it): it chooses its own password, then goes on to the app.
 */
export default async function ForcedChangePage() {
  const account = await getSessionAccount();
  if (!account) redirect("/login");
  if (!account.passwordMustChange) redirect(homeFor(account.role));
  const [t, tc] = await Promise.all([getTranslations("auth.forced"), getTranslations("common")]);
  return (
    <AuthCard
      heading={t("heading")}
      lead={t("lead", { name: account.name, email: account.email })}
      footer={<SignOutButton label={tc("signOut")} />}
    >
      <ForcedPasswordForm email={account.email} minLength={MIN_PASSWORD_LENGTH} />
    </AuthCard>
  );
}
