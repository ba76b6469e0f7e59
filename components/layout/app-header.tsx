import Link from "next/link";
import { navFor, ROLE_LABELS } from "@/lib/auth/permissions";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { Badge } from "../ui/badge";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

export function AppHeader({ user }: { user: CurrentUser }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <svg aria-hidden viewBox="0 0 32 32" className="h-6 w-6">
            <rect width="32" height="32" rx="7" fill="#0f766e" />
            <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          ClinAudit
        </Link>
        <NavLinks items={navFor(user.role).map(({ href, label }) => ({ href, label }))} />
        <div className="ml-auto flex items-center gap-3 text-sm">
          <span className="hidden text-slate-700 sm:inline" data-testid="current-user">
            {user.name}
          </span>
          <Badge tone="accent">{ROLE_LABELS[user.role]}</Badge>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
