"use client";
import { signIn } from "next-auth/react";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { SSO_PROVIDER_ID } from "@/lib/auth/sso-provider";
import { Button } from "../ui/button";

/** "Sign in with <name>": a real button (Tab, Enter, Space) that leaves for the OpenID provider. */
export function SsoButton({ name, callbackUrl, primary }: { name: string; callbackUrl?: string; primary: boolean }) {
  const t = useTranslations("sso");
  const [pending, setPending] = useState(false);
  return (
    <Button
      type="button"
      variant={primary ? "primary" : "secondary"}
      className="w-full"
      disabled={pending}
      autoFocus={primary}
      onClick={() => {
        setPending(true);
        // next-auth posts the CSRF token, keeps state and the PKCE verifier in cookies, and redirects.
        void signIn(SSO_PROVIDER_ID, { callbackUrl: callbackUrl ?? "/" }).catch(() => setPending(false));
      }}
    >
      {pending ? t("redirecting", { name }) : t("signInWith", { name })}
    </Button>
  );
}
