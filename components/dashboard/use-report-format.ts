// The dashboard's numbers in the reader's locale, with the digits of the exports: each value is
// first rounded exactly as lib/reports/format rounds it (toFixed), then only written out by the
// locale's number format (separators), so the screen never disagrees with a report in a digit.
import { useFormatter, useTranslations } from "next-intl";
import { fixed, levelPercent, percentUpper, pValue } from "@/lib/reports/format";

export interface ReportFormat {
  /** Coefficients, pa, pe, SE, CI bounds: 3 decimals. */
  fixed: (x: number | null, digits?: number) => string;
  /** Shares: percent with 1 decimal. */
  percent: (x: number | null) => string;
  /** Upper bounds: percent with 1 decimal, rounded up. */
  percentUpper: (x: number | null) => string;
  pValue: (p: number | null) => string;
  /** Confidence level: 0.95 → "95%". */
  level: (level: number) => string;
  /** Counts, with the locale's grouping. */
  count: (n: number) => string;
  na: string;
}

export function useReportFormat(): ReportFormat {
  const format = useFormatter();
  const na = useTranslations("dashboard")("na");
  /** A decimal string as rounded by lib/reports/format, in the locale's notation. */
  const decimal = (text: string) => {
    const digits = text.split(".")[1]?.length ?? 0;
    return format.number(Number(text), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  };
  const percentOf = (text: string) => (text === "" ? na : `${decimal(text.slice(0, -1))}%`);
  return {
    fixed: (x, digits = 3) => {
      const text = fixed(x, digits, "");
      return text === "" ? na : decimal(text);
    },
    percent: (x) => (x === null || !Number.isFinite(x) ? na : `${decimal(fixed(100 * x, 1))}%`),
    percentUpper: (x) => percentOf(percentUpper(x, 1, "")),
    pValue: (p) => {
      const text = pValue(p, 3, "");
      if (text === "") return na;
      return text.startsWith("<") ? `<${decimal(text.slice(1))}` : decimal(text);
    },
    level: (level) => percentOf(levelPercent(level)),
    count: (n) => format.number(n),
    na,
  };
}
