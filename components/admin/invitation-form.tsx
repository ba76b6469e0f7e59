"use client";
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { createInvitationAction } from "@/lib/actions/invitations";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { DEFAULT_EXPIRY_HOURS, EXPIRY_CHOICES, invitationSchema } from "@/lib/schemas/users";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { CopyValue } from "./copy-value";
import { Card, CardTitle } from "../ui/card";

/** Role, optional email and name, expiry; the link is shown once, here, after creation. */
export function InvitationForm() {
  const t = useTranslations("admin.invitations");
  const tc = useTranslations("common");
  const format = useFormatter();
  const { onSubmit, pending, error, fieldErrors, data: created } = useActionForm(createInvitationAction, { schema: invitationSchema });
  const read = (form: FormData) => ({
    role: String(form.get("role") ?? "CLINICIAN") as Role,
    email: String(form.get("email") ?? ""),
    name: String(form.get("name") ?? ""),
    expiresInHours: Number(form.get("expiresInHours")) as (typeof EXPIRY_CHOICES)[number],
  });

  return (
    <Card as="section" aria-labelledby="invite-heading" padding="md" raised>
      <CardTitle id="invite-heading">{t("heading")}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">{t("explain")}</p>
      <form onSubmit={onSubmit(read, { clear: true })} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <SelectField label={t("role")} name="role" defaultValue="CLINICIAN" error={fieldErrors.role}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {tc(`roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("expiry")}
          name="expiresInHours"
          defaultValue={String(DEFAULT_EXPIRY_HOURS)}
          error={fieldErrors.expiresInHours}
        >
          {EXPIRY_CHOICES.map((h) => (
            <option key={h} value={h}>
              {t("expiryChoice", { hours: h, days: h / 24 })}
            </option>
          ))}
        </SelectField>
        <TextField label={t("email")} name="email" type="email" autoComplete="off" error={fieldErrors.email} hint={t("emailHint")} />
        <TextField label={t("name")} name="name" autoComplete="off" error={fieldErrors.name} hint={t("nameHint")} />
        <div className="flex items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? t("submitting") : t("submit")}
          </Button>
          <FormError>{error}</FormError>
        </div>
      </form>
      {created && (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="status">
          <p>
            {t.rich("shownOnce", {
              expires: format.dateTime(new Date(created.expiresAt), { dateStyle: "medium", timeStyle: "short" }),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          <CopyValue value={created.link} testId="invitation-link" wrap />
        </div>
      )}
    </Card>
  );
}
