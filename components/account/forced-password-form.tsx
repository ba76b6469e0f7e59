"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { replaceTemporaryPasswordAction } from "@/lib/actions/account";
import { replaceTemporaryPasswordSchema } from "@/lib/schemas/users";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Button } from "../ui/button";
import { continueSignedIn } from "./continue-signed-in";
import { type NewPassword, NewPasswordFields } from "./new-password-fields";

/** The new password twice; on success the user is signed in with it and goes on to the app. */
export function ForcedPasswordForm({ email, minLength }: { email: string; minLength: number }) {
  const t = useTranslations("auth.forced");
  const [password, setPassword] = useState<NewPassword>({ next: "", confirm: "" });
  const { onSubmit, pending, error, fieldErrors, done } = useActionForm(replaceTemporaryPasswordAction, {
    schema: replaceTemporaryPasswordSchema,
    onFailure: (r) => r.signedOut && window.location.assign("/login"),
    onSuccess: async (_, sent) => {
      if (!(await continueSignedIn(email, sent.next))) window.location.assign("/login");
    },
  });

  return (
    <form onSubmit={onSubmit(() => password)} className="space-y-4" noValidate>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields value={password} onChange={setPassword} errors={fieldErrors} hint={t("hint", { min: minLength })} autoFocus />
      <FormError boxed>{error}</FormError>
      <FormSuccess>{done && t("done")}</FormSuccess>
      <Button type="submit" className="w-full" disabled={pending || done}>
        {pending || done ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
