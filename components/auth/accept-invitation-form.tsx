"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState, useTransition, type FormEvent } from "react";
import { acceptInvitationAction, acceptInvitationForSsoAction } from "@/lib/actions/accept-invitation";
import { checkFields } from "@/lib/schemas/issues";
import { acceptInvitationForSsoSchema, acceptInvitationSchema } from "@/lib/schemas/users";
import { continueSignedIn } from "../account/continue-signed-in";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { FormError } from "../ui/form-error";
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
  const tr = useTranslations();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<"signing-in" | "sign-in-yourself" | { sso: string } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const person = { token, email: email ?? String(form.get("email") ?? ""), name: String(form.get("name") ?? "") };
    const password = String(form.get("new-password") ?? "");
    const input = ssoName ? person : { ...person, password, confirm: String(form.get("confirm-password") ?? "") };
    // The server's schema, so the same words before sending as after.
    const local = checkFields(ssoName ? acceptInvitationForSsoSchema : acceptInvitationSchema, input, tr);
    setFieldErrors(local ?? {});
    setError(null);
    if (local) return;
    start(async () => {
      const result = ssoName
        ? await acceptInvitationForSsoAction(person)
        : await acceptInvitationAction(input as Parameters<typeof acceptInvitationAction>[0]);
      if (!result.ok) {
        setError(result.error);
        setFieldErrors(result.fieldErrors ?? {});
        return;
      }
      if (ssoName) return setCreated({ sso: result.data.email });
      setCreated("signing-in");
      if (!(await continueSignedIn(result.data.email, password))) setCreated("sign-in-yourself");
    });
  }

  if (ssoName && typeof created === "object" && created) {
    return (
      <div className="space-y-4">
        <p role="status" className="text-sm text-teal-800">
          {t("ssoDone", { name: ssoName, email: created.sso })}
        </p>
        <SsoButton name={ssoName} primary />
      </div>
    );
  }
  if (created === "sign-in-yourself") {
    return (
      <p role="status" className="text-sm text-teal-800">
        {t("signInYourself")}{" "}
        <Link href="/login" className="font-medium underline">
          {t("toSignIn")}
        </Link>
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
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
      {error && <FormError boxed>{error}</FormError>}
      {created === "signing-in" && (
        <p role="status" className="text-sm text-teal-800">
          {t("done")}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending || created !== null}>
        {pending || created ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
