/**
 * The reader's words for record values: the date locale (record dates stay in UTC, as
 * stored) and gestational age in the catalog's notation ("32+4 wk" / "孕32+4周").
 */
import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useCallback } from "react";
import { gaParts, recordDateLocale } from "./format";

export function useRecordFormat(locale?: string) {
  const t = useTranslations();
  const interfaceLocale = useLocale();
  const ga = useCallback(
    (days: number | null | undefined) => {
      const parts = gaParts(days);
      return parts ? t("common.ga.weeksDays", parts) : t("ehrViewer.ga.unknown");
    },
    [t],
  );
  return { locale: locale ?? recordDateLocale(interfaceLocale), ga };
}
