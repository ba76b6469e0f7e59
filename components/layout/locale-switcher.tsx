"use client";
import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { setLocaleAction } from "@/lib/actions/locale";

/** A native select: keyboard- and screen-reader-friendly as it is. */
export function LocaleSwitcher() {
  const t = useTranslations("common.language");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <label className="flex items-center gap-1.5 text-sm text-slate-700">
      <span className="sr-only">{t("label")}</span>
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5">
        <circle cx="10" cy="10" r="7.5" />
        <path d="M2.5 10h15M10 2.5c2.2 2.1 3.3 4.6 3.3 7.5s-1.1 5.4-3.3 7.5M10 2.5C7.8 4.6 6.7 7.1 6.7 10s1.1 5.4 3.3 7.5" />
      </svg>
      <select
        data-testid="locale-switcher"
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(async () => {
            if ((await setLocaleAction(next)).ok) router.refresh();
          });
        }}
        className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
