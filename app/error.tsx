"use client";
import { useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("common.error");
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("body")}</p>
      <Button onClick={reset} className="mt-6">
        {t("retry")}
      </Button>
    </div>
  );
}
