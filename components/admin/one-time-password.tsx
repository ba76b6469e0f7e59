"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "../ui/button";

/** A generated password, shown once: it is never stored in readable form. */
export function OneTimePassword({ email, password }: { email: string; password: string }) {
  const t = useTranslations("admin.password");
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{t.rich("shownOnce", { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="rounded bg-white px-2 py-1 font-mono text-base ring-1 ring-amber-300" data-testid="temporary-password">
          {password}
        </code>
        <Button
          variant="secondary"
          size="sm"
          onClick={async () => {
            await navigator.clipboard?.writeText(password);
            setCopied(true);
          }}
        >
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
    </div>
  );
}
