"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { resetPasswordAction, setUserActiveAction } from "@/app/admin/users/actions";
import { Button } from "../ui/button";
import { OneTimePassword } from "./one-time-password";

export function UserActions({ user, isSelf }: { user: { id: string; email: string; active: boolean }; isSelf: boolean }) {
  const t = useTranslations("admin.users");
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
