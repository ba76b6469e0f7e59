"use client";
import { signOut } from "next-auth/react";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { changePasswordAction } from "@/lib/actions/account";
import { changePasswordSchema } from "@/lib/schemas/users";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { TextField } from "../ui/field";
import { type NewPassword, NewPasswordFields } from "./new-password-fields";

/** Current password, the new one twice; on success every session ends and sign-in follows. */
export function PasswordForm({ minLength }: { minLength: number }) {
  const t = useTranslations("auth.account");
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState<NewPassword>({ next: "", confirm: "" });
  const { onSubmit, pending, error, fieldErrors, done } = useActionForm(changePasswordAction, {
    schema: changePasswordSchema,
    onSuccess: () => signOut({ callbackUrl: "/login" }),
  });

  return (
    <Card
      as="form"
      onSubmit={onSubmit(() => ({ current, ...password }))}
      padding="md"
      raised
      className="max-w-md space-y-4"
      aria-labelledby="password-heading"
    >
      <CardTitle id="password-heading">{t("heading")}</CardTitle>
      <TextField
        label={t("current")}
        name="current-password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={fieldErrors.current}
        required
      />
      <NewPasswordFields value={password} onChange={setPassword} errors={fieldErrors} hint={t("hint", { min: minLength })} />
      <FormError boxed>{error}</FormError>
      <FormSuccess>{done && t("done")}</FormSuccess>
      <Button type="submit" disabled={pending || done}>
        {t("submit")}
      </Button>
    </Card>
  );
}
