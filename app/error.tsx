"use client";
import { useTranslations } from "next-intl";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("common.error");
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("body")}</p>
      <button type="button" onClick={reset} className="mt-6 rounded-md bg-accent px-4 py-2 text-sm font-medium text-white">
        {t("retry")}
      </button>
    </div>
  );
}
