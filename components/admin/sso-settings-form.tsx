"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";
import { saveSsoSettingsAction } from "@/app/admin/sso/actions";
import type { SsoSettingsInput } from "@/lib/server/auth/sso-settings";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";

function Checkbox({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <div className="flex gap-3">
      <input id={name} name={name} type="checkbox" defaultChecked={defaultChecked} aria-describedby={`${name}-hint`} className="mt-0.5 h-4 w-4 accent-[var(--color-accent)]" />
      <div>
        <label htmlFor={name} className="block text-sm font-medium text-slate-800">{label}</label>
        <p id={`${name}-hint`} className="text-xs text-slate-600">{hint}</p>
      </div>
    </div>
  );
}

/** The admin's SSO choices; the server refuses turning password sign-in off without an SSO admin. */
export function SsoSettingsForm({ initial }: { initial: SsoSettingsInput }) {
  const t = useTranslations("sso.admin");
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await saveSsoSettingsAction({
        allowProvisioning: form.get("allowProvisioning") === "on",
        roleClaim: String(form.get("roleClaim") ?? ""),
        roleMap: String(form.get("roleMap") ?? ""),
        passwordSignIn: form.get("passwordSignIn") === "on",
      });
      setFieldErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      setMessage(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: result.error });
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" noValidate>
      <Checkbox name="allowProvisioning" label={t("provisioning")} hint={t("provisioningHint")} defaultChecked={initial.allowProvisioning} />
      <TextField label={t("roleClaim")} name="roleClaim" defaultValue={initial.roleClaim} hint={t("roleClaimHint")} error={fieldErrors.roleClaim} autoComplete="off" />
      <div className="space-y-1">
        <label htmlFor="roleMap" className="block text-sm font-medium text-slate-800">{t("roleMap")}</label>
        <textarea
          id="roleMap"
          name="roleMap"
          rows={4}
          defaultValue={initial.roleMap}
          spellCheck={false}
          aria-describedby="roleMap-hint"
          aria-invalid={fieldErrors.roleMap ? true : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-red-600"
        />
        <p id="roleMap-hint" className="text-xs text-slate-600">{t("roleMapHint")}</p>
        {fieldErrors.roleMap && <p className="text-sm text-red-700">{fieldErrors.roleMap}</p>}
      </div>
      <Checkbox name="passwordSignIn" label={t("password")} hint={t("passwordHint")} defaultChecked={initial.passwordSignIn} />
      {message && (
        <p role={message.ok ? "status" : "alert"} data-testid="sso-settings-message" className={message.ok ? "text-sm text-emerald-800" : "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"}>
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={pending}>{t("save")}</Button>
    </form>
  );
}
