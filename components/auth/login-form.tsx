"use client";
import { signIn } from "next-auth/react";
import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { readSignInError } from "@/lib/auth/sign-in-codes";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { FormError } from "../ui/form-error";

// lib/auth/sso-errors.ts PASSWORD_OFF (not imported: that module is shared with the server).
const PASSWORD_OFF = "Password sign-in is turned off.";

export interface LoginFormProps {
  callbackUrl?: string;
  chosenLocale?: string;
  /** Signing in again in place (a page whose session ended): called instead of navigating. */
  onSignedIn?: () => void;
  /** Fills the email field (signing in again as the same person). */
  defaultEmail?: string;
}

export function LoginForm({ callbackUrl, chosenLocale, onSignedIn, defaultEmail }: LoginFormProps) {
  const t = useTranslations("auth");
  const ts = useTranslations("sso");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      ...(chosenLocale ? { locale: chosenLocale } : {}),
      redirect: false,
    });
    if (!result || result.error) {
      setPending(false);
      // The server answers with a code (lib/auth/sign-in-codes.ts); anything else reads as bad credentials.
      const refusal = readSignInError(result?.error, PASSWORD_OFF);
      if (refusal.kind === "passwordOff") setError(ts("passwordOffHere"));
      else setError(refusal.kind === "throttled" ? t("throttled", { minutes: refusal.minutes }) : t("invalid"));
      return;
    }
    if (onSignedIn) {
      setPending(false);
      return onSignedIn();
    }
    // The page already filtered it; the same parser again, so nothing else can reach replace().
    router.replace(safeCallbackPath(callbackUrl, window.location.origin) ?? "/");
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <TextField label={t("email")} name="email" type="email" autoComplete="username" required autoFocus defaultValue={defaultEmail} />
      <TextField label={t("password")} name="password" type="password" autoComplete="current-password" required />
      {error && (
        <FormError boxed data-testid="login-error">
          {error}
        </FormError>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
