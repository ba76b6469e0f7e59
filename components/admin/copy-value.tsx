"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { Button } from "../ui/button";

/** A secret shown once (a temporary password, an invitation link) with a copy button. */
export function CopyValue({ value, testId, wrap = false }: { value: string; testId: string; wrap?: boolean }) {
  const t = useTranslations("admin.password");
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-2 flex items-center gap-2">
      <code
        className={`rounded bg-white px-2 py-1 font-mono ring-1 ring-amber-300 ${wrap ? "break-all text-sm" : "text-base"}`}
        data-testid={testId}
      >
        {value}
      </code>
      <Button
        variant="secondary"
        size="sm"
        onClick={async () => {
          await navigator.clipboard?.writeText(value);
          setCopied(true);
        }}
      >
        {copied ? t("copied") : t("copy")}
      </Button>
    </div>
  );
}
