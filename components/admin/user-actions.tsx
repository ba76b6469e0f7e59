"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { changeRoleAction, resetPasswordAction, setUserActiveAction } from "@/app/admin/users/actions";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { Button } from "../ui/button";
import { OneTimePassword } from "./one-time-password";

export function UserActions({ user, isSelf }: { user: { id: string; email: string; active: boolean; role: Role }; isSelf: boolean }) {
  const t = useTranslations("admin.users");
  const tc = useTranslations("common.roles");
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState<string | null>(null);

  const run = (action: () => Promise<{ ok: boolean; error?: string }>) =>
    startTransition(async () => {
      const result = await action();
      setError(result.ok ? null : (result.error ?? null));
    });

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex gap-2">
        {!isSelf && (
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            aria-label={t("roleOf", { email: user.email })}
            value={user.role}
            disabled={pending}
            onChange={(e) => {
              const role = e.target.value as Role;
              if (window.confirm(t("confirmRole", { email: user.email, role: tc(role) }))) run(() => changeRoleAction({ userId: user.id, role }));
              else e.target.value = user.role;
            }}
          >
            {ROLES.map((r) => <option key={r} value={r}>{tc(r)}</option>)}
          </select>
        )}
        {!isSelf && (
          <Button
            variant={user.active ? "danger" : "secondary"}
            size="sm"
            disabled={pending}
            aria-label={t(user.active ? "deactivateUser" : "reactivateUser", { email: user.email })}
            onClick={() => run(() => setUserActiveAction({ userId: user.id, active: !user.active }))}
          >
            {user.active ? t("deactivate") : t("reactivate")}
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={pending}
          aria-label={t("resetPasswordOf", { email: user.email })}
          onClick={() =>
            run(async () => {
              if (!window.confirm(t("confirmReset", { email: user.email }))) return { ok: true };
              const result = await resetPasswordAction({ userId: user.id });
              if (result.ok) setPassword(result.data.temporaryPassword);
              return result;
            })
          }
        >
          {t("resetPassword")}
        </Button>
      </div>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {password && <OneTimePassword email={user.email} password={password} />}
    </div>
  );
}
