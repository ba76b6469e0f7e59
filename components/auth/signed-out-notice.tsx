"use client";
// Shown where work waits because the session ended: says so, keeps the work, and lets the user
// sign in again right here (no navigation, so nothing on the page is lost). After sign-in the
// caller sends what waited (SaveQueue.resume). Not a live region: the panel announces it.
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { Button } from "../ui/button";
import { LoginForm } from "./login-form";

export function SignedOutNotice({ count, onSignedIn }: { count: number; onSignedIn(): void }) {
  const t = useTranslations("rubric.signedOut");
  const [open, setOpen] = useState(false);
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="signed-out-notice">
      <p>
        <span aria-hidden="true">⚠ </span>
        {t("message", { count })}
      </p>
      {open ? (
        <section aria-label={t("formLabel")} className="rounded-md border border-slate-200 bg-white p-4">
          <LoginForm
            onSignedIn={() => {
              setOpen(false);
              onSignedIn();
            }}
          />
          <Button type="button" variant="ghost" size="sm" className="mt-2" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
        </section>
      ) : (
        <Button type="button" size="sm" onClick={() => setOpen(true)}>
          {t("signIn")}
        </Button>
      )}
    </div>
  );
}
