"use client";
import { useTranslations } from "next-intl";
import { Button } from "../ui/button";

/** The printable PDF of the dashboard: the browser's print dialog ("Save as PDF"), with a print stylesheet. */
export function PrintButton() {
  const t = useTranslations("dashboard.page");
  return (
    <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
      {t("print")}
    </Button>
  );
}
