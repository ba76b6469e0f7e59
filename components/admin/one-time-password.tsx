"use client";
import { useTranslations } from "@/lib/i18n/client";
import { CopyValue } from "./copy-value";

/** A generated password, shown once: it is never stored in readable form. */
export function OneTimePassword({ email, password }: { email: string; password: string }) {
  const t = useTranslations("admin.password");
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{t.rich("shownOnce", { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <CopyValue value={password} testId="temporary-password" />
    </div>
  );
}
