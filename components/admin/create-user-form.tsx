"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";
import { createUserAction } from "@/lib/actions/users";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { checkFields } from "@/lib/schemas/issues";
import { createUserSchema } from "@/lib/schemas/users";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";
import { OneTimePassword } from "./one-time-password";
import { Card } from "../ui/card";

export function CreateUserForm() {
  const t = useTranslations("admin.form");
  const tc = useTranslations("common");
  const tr = useTranslations();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ email: string; temporaryPassword: string | null } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = {
      email: String(form.get("email") ?? ""),
      name: String(form.get("name") ?? ""),
      role: String(form.get("role") ?? "CLINICIAN") as Role,
      password: String(form.get("password") ?? ""),
    };
    // The server's schema first: the same field messages, no round trip.
    const local = checkFields(createUserSchema, input, tr);
    if (local) {
      setCreated(null);
      setError(tr("common.errors.fixFields"));
      setFieldErrors(local);
      return;
    }
    startTransition(async () => {
      const result = await createUserAction(input);
      if (result.ok) {
        setCreated(result.data);
        setError(null);
        setFieldErrors({});
        formElement.reset();
      } else {
        setCreated(null);
        setError(result.error);
        setFieldErrors(result.fieldErrors ?? {});
      }
    });
  }

  return (
    <Card as="section" aria-labelledby="create-user-heading" padding="md" raised>
      <h2 id="create-user-heading" className="text-base font-semibold">
        {t("heading")}
      </h2>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
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
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
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
