"use client";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { changePasswordAction } from "@/lib/actions/account";
import { checkFields } from "@/lib/schemas/issues";
import { changePasswordSchema } from "@/lib/schemas/users";
import { FormError } from "../ui/form-error";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { TextField } from "../ui/field";
import { type NewPassword, NewPasswordFields } from "./new-password-fields";

/** Current password, the new one twice; on success every session ends and sign-in follows. */
export function PasswordForm({ minLength }: { minLength: number }) {
  const t = useTranslations("auth.account");
  const tr = useTranslations();
  const [pending, start] = useTransition();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState<NewPassword>({ next: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The server's schema, so the same words before sending as after.
    const local = checkFields(changePasswordSchema, { current, ...password }, tr);
    setFieldErrors(local ?? {});
    setError(null);
    if (local) return;
    start(async () => {
      const r = await changePasswordAction({ current, ...password });
      if (!r.ok) {
        setError(r.error);
        setFieldErrors(r.fieldErrors ?? {});
        return;
      }
      setDone(true);
      await signOut({ callbackUrl: "/login" });
    });
  };

  return (
    <Card as="form" onSubmit={submit} padding="md" raised className="max-w-md space-y-4" aria-labelledby="password-heading">
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
      {error && <FormError boxed>{error}</FormError>}
      {done && (
        <p role="status" className="text-sm text-teal-800">
          {t("done")}
        </p>
      )}
      <Button type="submit" disabled={pending || done}>
        {t("submit")}
      </Button>
    </Card>
  );
}
