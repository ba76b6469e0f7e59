"use client";
import { useEffect } from "react";
import { useTranslations } from "@/lib/i18n/client";
import { Button } from "../ui/button";

/** The hash that asks the page with every part of the dashboard to open the print dialog once loaded. */
const PRINT_HASH = "#print";

/**
 * The printable PDF of the dashboard: the browser's print dialog ("Save as PDF"), with a print
 * stylesheet. It prints every part of the dashboard: from one part, it opens the page with all of
 * them (`everyPart`), which then opens the dialog.
 */
export function PrintButton({ everyPart }: { everyPart: string | null }) {
  const t = useTranslations("dashboard.page");
  useEffect(() => {
    if (everyPart !== null || window.location.hash !== PRINT_HASH) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    const print = () => window.print();
    if (document.readyState === "complete") print();
    else window.addEventListener("load", print, { once: true });
    return () => window.removeEventListener("load", print);
  }, [everyPart]);
  return (
    <Button
      variant="secondary"
      className="print:hidden"
      onClick={() => (everyPart === null ? window.print() : window.location.assign(`${everyPart}${PRINT_HASH}`))}
    >
      {t("print")}
    </Button>
  );
}
