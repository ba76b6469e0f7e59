import type { Metadata } from "next";
import { getTranslations } from "@/lib/i18n/server";
import { PasswordForm } from "@/components/account/password-form";
import { PageHeader } from "@/components/ui/page-header";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { requireUser } from "@/lib/server/auth/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth.account"))("title") };
}

/** The signed-in user's own account: who they are, and a new password. */
export default async function AccountPage() {
  const user = await requireUser();
  const t = await getTranslations("auth.account");
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { email: user.email })} />
      <PasswordForm minLength={MIN_PASSWORD_LENGTH} />
    </>
  );
}
