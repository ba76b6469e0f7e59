"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useRef, useState } from "react";
import { changeRoleAction, resetPasswordAction, setUserActiveAction } from "@/lib/actions/users";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { controlClass } from "../ui/field";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { OneTimePassword } from "./one-time-password";

export function UserActions({ user, isSelf }: { user: { id: string; email: string; active: boolean; role: Role }; isSelf: boolean }) {
  const t = useTranslations("admin.users");
  const tc = useTranslations("common.roles");
  const ta = useTranslations("common.actions");
  const { submit: setActive, pending, error } = useActionForm(setUserActiveAction);
  const [password, setPassword] = useState<string | null>(null);
  // The role chosen in the select, waiting for its confirmation; the select keeps the stored role.
  const [askedRole, setAskedRole] = useState<Role | null>(null);
  const roleSelect = useRef<HTMLSelectElement>(null);

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex items-center gap-2">
        {!isSelf && (
          <select
            ref={roleSelect}
            className={`${controlClass} w-auto px-2 py-1 shadow-none`}
            aria-label={t("roleOf", { email: user.email })}
            value={user.role}
            disabled={pending}
            onChange={(e) => setAskedRole(e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {tc(r)}
              </option>
            ))}
          </select>
        )}
        {!isSelf && (
          <ConfirmDialog
            testId="role-dialog"
            open={askedRole !== null}
            onOpenChange={(open) => {
              if (!open) setAskedRole(null);
            }}
            returnFocus={roleSelect}
            title={t("roleTitle")}
            description={askedRole && t("confirmRole", { email: user.email, role: tc(askedRole) })}
            confirm={t("roleConfirm")}
            cancel={ta("cancel")}
            onConfirm={async () => {
              if (!askedRole) return null;
              const result = await changeRoleAction({ userId: user.id, role: askedRole });
              return result.ok ? null : result.error;
            }}
          />
        )}
        {!isSelf && (
          <Button
            variant={user.active ? "danger" : "secondary"}
            size="sm"
            disabled={pending}
            aria-label={t(user.active ? "deactivateUser" : "reactivateUser", { email: user.email })}
            onClick={() => setActive({ userId: user.id, active: !user.active })}
          >
            {user.active ? t("deactivate") : t("reactivate")}
          </Button>
        )}
        <ConfirmDialog
          testId="reset-dialog"
          trigger={
            <Button variant="secondary" size="sm" disabled={pending} aria-label={t("resetPasswordOf", { email: user.email })}>
              {t("resetPassword")}
            </Button>
          }
          title={t("resetTitle")}
          description={t("confirmReset", { email: user.email })}
          confirm={t("resetPassword")}
          confirmVariant="danger"
          cancel={ta("cancel")}
          onConfirm={async () => {
            const result = await resetPasswordAction({ userId: user.id });
            if (!result.ok) return result.error;
            setPassword(result.data.temporaryPassword);
            return null;
          }}
        />
      </div>
      <FormError>{error}</FormError>
      {password && <OneTimePassword email={user.email} password={password} />}
    </div>
  );
}
