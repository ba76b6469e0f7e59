"use client";
import { Button } from "../ui/button";

/** The printable PDF of the dashboard: the browser's print dialog ("Save as PDF"), with a print stylesheet. */
export function PrintButton() {
  return (
    <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
      Print / save as PDF
    </Button>
  );
}
