import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "@/lib/i18n/server";
import { AcceptInvitationForm } from "@/components/auth/accept-invitation-form";
import { AuthCard } from "@/components/auth/auth-card";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";
import { oidcConfig } from "@/lib/env";
import { isPasswordSignInOpen } from "@/lib/server/auth/sso-settings";
import { openContext } from "@/lib/server/page";
import { openInvitation } from "@/lib/server/users/open-invitation";
import { requestAddress } from "@/lib/server/request-address";

export async function generateMetadata(): Promise<Metadata> {
  // The token stays out of the title (and so out of history menus and shared screenshots).
  return { title: (await getTranslations("auth.invite"))("title"), referrer: "no-referrer" };
}

/** An invitation link: the form while it is open, otherwise a calm page saying why not. */
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = await openContext();
  const sso = oidcConfig();
  const [opened, passwordOpen, t, tc, format] = await Promise.all([
    openInvitation(db, token, await requestAddress()),
    isPasswordSignInOpen(db, sso),
    getTranslations("auth.invite"),
    getTranslations("common"),
    getFormatter(),
  ]);
  if (opened.state === "valid") {
    const { invitation } = opened;
    return (
      <AuthCard
        heading={t("heading")}
        lead={t("lead", {
          role: tc(`roles.${invitation.role}`),
          expires: format.dateTime(invitation.expiresAt, { dateStyle: "medium", timeStyle: "short" }),
        })}
      >
        <AcceptInvitationForm
          token={token}
          email={invitation.email}
          name={invitation.name}
          minLength={MIN_PASSWORD_LENGTH}
          ssoName={sso && !passwordOpen ? sso.name : null}
        />
      </AuthCard>
    );
  }
  const body =
    opened.state === "throttled"
      ? t("throttled", { minutes: Math.max(1, Math.ceil(opened.waitMs / 60_000)) })
      : opened.state === "expired"
        ? t("expired.body", { when: format.dateTime(opened.invitation.expiresAt, { dateStyle: "medium", timeStyle: "short" }) })
        : t(`${opened.state}.body`);
  const heading = opened.state === "throttled" ? t("throttledHeading") : t(`${opened.state}.heading`);
  return (
    <AuthCard heading={heading}>
      <div data-testid="invitation-state" data-state={opened.state} className="space-y-4 text-sm text-slate-700">
        <p>{body}</p>
        <p>
          <Link href="/login" className="font-medium text-teal-800 underline underline-offset-2">
            {t("toSignIn")}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
