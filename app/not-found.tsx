import Link from "next/link";
import { getTranslations } from "@/lib/i18n/server";

export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <p className="text-sm font-semibold text-slate-500">404</p>
      <h1 className="mt-2 text-2xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("notFound.body")}</p>
      <Link href="/" className="mt-6 inline-block text-sm font-medium text-teal-800 underline">
        {t("goHome")}
      </Link>
    </div>
  );
}
