import Link from "next/link";
import { getTranslations } from "@/lib/i18n/server";
import { navFor } from "@/lib/auth/permissions";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { Badge } from "../ui/badge";
import { LocaleSwitcher } from "./locale-switcher";
import { NavLinks } from "./nav-links";
import { NotificationBell } from "./notification-bell";
import { SignOutButton } from "./sign-out-button";

export async function AppHeader({ user }: { user: CurrentUser }) {
  const [t, ta] = await Promise.all([getTranslations("common"), getTranslations("auth.account")]);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <svg aria-hidden viewBox="0 0 32 32" className="h-6 w-6">
            <rect width="32" height="32" rx="7" fill="#0f766e" />
            <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t("appName")}
        </Link>
        <NavLinks label={t("nav.label")} items={navFor(user.role).map(({ href, key }) => ({ href, label: t(`nav.${key}`) }))} />
        <div className="ml-auto flex items-center gap-3 text-sm">
          <LocaleSwitcher />
          <NotificationBell />
          <Link href="/account" className="hidden text-slate-700 hover:underline sm:inline" data-testid="current-user" title={ta("link")}>
            {user.name}
          </Link>
          <Badge tone="accent">{t(`roles.${user.role}`)}</Badge>
          <SignOutButton label={t("signOut")} />
        </div>
      </div>
    </header>
  );
}
