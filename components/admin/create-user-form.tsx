"use client";
import { useTranslations } from "@/lib/i18n/client";
import { createUserAction } from "@/lib/actions/users";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { createUserSchema } from "@/lib/schemas/users";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { OneTimePassword } from "./one-time-password";
import { Card } from "../ui/card";

export function CreateUserForm() {
  const t = useTranslations("admin.form");
  const tc = useTranslations("common");
  const { onSubmit, pending, error, fieldErrors, data: created } = useActionForm(createUserAction, { schema: createUserSchema });
  const read = (form: FormData) => ({
    email: String(form.get("email") ?? ""),
    name: String(form.get("name") ?? ""),
    role: String(form.get("role") ?? "CLINICIAN") as Role,
    password: String(form.get("password") ?? ""),
  });

  return (
    <Card as="section" aria-labelledby="create-user-heading" padding="md" raised>
      <h2 id="create-user-heading" className="text-base font-semibold">
        {t("heading")}
      </h2>
      <form onSubmit={onSubmit(read, { clear: true })} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <TextField label={t("email")} name="email" type="email" required error={fieldErrors.email} autoComplete="off" />
        <TextField label={t("name")} name="name" required error={fieldErrors.name} autoComplete="off" />
        <SelectField label={t("role")} name="role" defaultValue="CLINICIAN" error={fieldErrors.role}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {tc(`roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("password")}
          name="password"
          type="password"
          autoComplete="new-password"
          error={fieldErrors.password}
          hint={t("passwordHint")}
        />
        <div className="flex items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? t("submitting") : t("submit")}
          </Button>
          <FormError>{error}</FormError>
        </div>
      </form>
      {created && (
        <div className="mt-4" role="status">
          {created.temporaryPassword ? (
            <OneTimePassword email={created.email} password={created.temporaryPassword} />
          ) : (
            <p className="text-sm text-teal-800">{t("added", { email: created.email })}</p>
          )}
        </div>
      )}
    </Card>
  );
}
