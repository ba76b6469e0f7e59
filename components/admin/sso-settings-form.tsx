"use client";
import { useTranslations } from "@/lib/i18n/client";
import { saveSsoSettingsAction } from "@/lib/actions/sso";
import type { SsoSettingsInput } from "@/lib/schemas/sso";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Field, TextField, controlClass } from "../ui/field";
import { Card } from "../ui/card";

function Checkbox({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <div className="flex gap-3">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby={`${name}-hint`}
        className="mt-0.5 h-4 w-4 accent-[var(--color-accent)]"
      />
      <div>
        <label htmlFor={name} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The admin's SSO choices; the server refuses turning password sign-in off without an SSO admin. */
export function SsoSettingsForm({ initial }: { initial: SsoSettingsInput }) {
  const t = useTranslations("sso.admin");
  const { onSubmit, pending, error, fieldErrors, done } = useActionForm(saveSsoSettingsAction);
  const read = (form: FormData) => ({
    allowProvisioning: form.get("allowProvisioning") === "on",
    roleClaim: String(form.get("roleClaim") ?? ""),
    roleMap: String(form.get("roleMap") ?? ""),
    passwordSignIn: form.get("passwordSignIn") === "on",
  });

  return (
    <Card as="form" onSubmit={onSubmit(read)} padding="md" raised className="space-y-5" noValidate>
      <Checkbox
        name="allowProvisioning"
        label={t("provisioning")}
        hint={t("provisioningHint")}
        defaultChecked={initial.allowProvisioning}
      />
      <TextField
        label={t("roleClaim")}
        name="roleClaim"
        defaultValue={initial.roleClaim}
        hint={t("roleClaimHint")}
        error={fieldErrors.roleClaim}
        autoComplete="off"
      />
      <Field label={t("roleMap")} id="roleMap" hint={t("roleMapHint")} error={fieldErrors.roleMap}>
        <textarea name="roleMap" rows={4} defaultValue={initial.roleMap} spellCheck={false} className={cn(controlClass, "font-mono")} />
      </Field>
      <Checkbox name="passwordSignIn" label={t("password")} hint={t("passwordHint")} defaultChecked={initial.passwordSignIn} />
      <FormSuccess data-testid="sso-settings-message">{done && t("saved")}</FormSuccess>
      <FormError boxed data-testid="sso-settings-message">
        {error}
      </FormError>
      <Button type="submit" disabled={pending}>
        {t("save")}
      </Button>
    </Card>
  );
}
