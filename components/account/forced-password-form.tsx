"use client";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { replaceTemporaryPasswordAction } from "@/lib/actions/account";
import { checkFields } from "@/lib/schemas/issues";
import { replaceTemporaryPasswordSchema } from "@/lib/schemas/users";
import { FormError } from "../ui/form-error";
import { Button } from "../ui/button";
import { continueSignedIn } from "./continue-signed-in";
import { type NewPassword, NewPasswordFields } from "./new-password-fields";

/** The new password twice; on success the user is signed in with it and goes on to the app. */
export function ForcedPasswordForm({ email, minLength }: { email: string; minLength: number }) {
  const t = useTranslations("auth.forced");
  const tr = useTranslations();
  const [pending, start] = useTransition();
  const [password, setPassword] = useState<NewPassword>({ next: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // The server's schema, so the same words before sending as after.
    const local = checkFields(replaceTemporaryPasswordSchema, password, tr);
    setFieldErrors(local ?? {});
    setError(null);
    if (local) return;
    start(async () => {
      const r = await replaceTemporaryPasswordAction(password);
      if (!r.ok) {
        setError(r.error);
        setFieldErrors(r.fieldErrors ?? {});
        if (r.signedOut) window.location.assign("/login");
        return;
      }
      setDone(true);
      if (!(await continueSignedIn(email, password.next))) window.location.assign("/login");
    });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields value={password} onChange={setPassword} errors={fieldErrors} hint={t("hint", { min: minLength })} autoFocus />
      {error && <FormError boxed>{error}</FormError>}
      {done && (
        <p role="status" className="text-sm text-teal-800">
          {t("done")}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending || done}>
        {pending || done ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
