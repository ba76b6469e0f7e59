"use client";
import { useTranslations } from "@/lib/i18n/client";
import Link from "next/link";
import { useState } from "react";
import { acceptInvitationAction, acceptInvitationForSsoAction } from "@/lib/actions/accept-invitation";
import { acceptInvitationForSsoSchema, acceptInvitationSchema } from "@/lib/schemas/users";
import { continueSignedIn } from "../account/continue-signed-in";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { SsoButton } from "./sso-button";

/**
 * Name, email (unless the invitation fixed it) and a password twice; then straight into the app.
 * Where the site signs in through SSO only (`ssoName`), no password: the account is made, then
 * the invitee signs in with SSO under the same email.
 */
export function AcceptInvitationForm({
  token,
  email,
  name,
  minLength,
  ssoName,
}: {
  token: string;
  email: string | null;
  name: string | null;
  minLength: number;
  ssoName: string | null;
}) {
  const t = useTranslations("auth.invite");
  const ta = useTranslations("auth.account");
  // After an account with a password: signed in at once, or (when that failed) sent to sign in.
  const [signInYourself, setSignInYourself] = useState(false);
  type Input = { token: string; email: string; name: string } & Partial<{ password: string; confirm: string }>;
  const accept = (input: Input) =>
    ssoName
      ? acceptInvitationForSsoAction(input)
      : acceptInvitationAction({ ...input, password: input.password ?? "", confirm: input.confirm ?? "" });
  const {
    onSubmit,
    pending,
    error,
    fieldErrors,
    data: created,
  } = useActionForm(accept, {
    schema: ssoName ? acceptInvitationForSsoSchema : acceptInvitationSchema,
    onSuccess: async (data, input) => {
      if (!ssoName && !(await continueSignedIn(data.email, input.password ?? ""))) setSignInYourself(true);
    },
  });
  const read = (form: FormData): Input => {
    const person = { token, email: email ?? String(form.get("email") ?? ""), name: String(form.get("name") ?? "") };
    if (ssoName) return person;
    return { ...person, password: String(form.get("new-password") ?? ""), confirm: String(form.get("confirm-password") ?? "") };
  };

  if (ssoName && created) {
    return (
      <div className="space-y-4">
        <FormSuccess>{t("ssoDone", { name: ssoName, email: created.email })}</FormSuccess>
        <SsoButton name={ssoName} primary />
      </div>
    );
  }
  if (signInYourself) {
    return (
      <FormSuccess>
        {t("signInYourself")}{" "}
        <Link href="/login" className="font-medium underline">
          {t("toSignIn")}
        </Link>
      </FormSuccess>
    );
  }
  return (
    <form onSubmit={onSubmit(read)} className="space-y-4" noValidate>
      {email ? (
        <div className="space-y-1">
          <p className="block text-sm font-medium text-slate-800">{t("email")}</p>
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800" data-testid="invitation-email">
            {email}
          </p>
          <p className="text-xs text-slate-600">{t("emailFixed")}</p>
          {/* For password managers: the account the new password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={email} />
        </div>
      ) : (
        <TextField label={t("email")} name="email" type="email" autoComplete="username" required error={fieldErrors.email} />
      )}
      <TextField label={t("name")} name="name" autoComplete="name" defaultValue={name ?? ""} required error={fieldErrors.name} />
      {ssoName ? (
        <p className="text-sm text-slate-700" data-testid="invitation-sso">
          {t("ssoLead", { name: ssoName })}
        </p>
      ) : (
        <>
          <TextField
            label={ta("next")}
            name="new-password"
            type="password"
            autoComplete="new-password"
            required
            error={fieldErrors.password}
            hint={ta("hint", { min: minLength })}
          />
          <TextField
            label={ta("confirm")}
            name="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            error={fieldErrors.confirm}
          />
        </>
      )}
      <FormError boxed>{error}</FormError>
      <FormSuccess>{created && t("done")}</FormSuccess>
      <Button type="submit" className="w-full" disabled={pending || created !== null}>
        {pending || created ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
