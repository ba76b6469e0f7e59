// The dashboard's numbers in the reader's locale, with the digits of the exports: each value is
// first rounded exactly as lib/reports/format rounds it (toFixed), then only written out by the
// locale's number format (separators), so the screen never disagrees with a report in a digit.
import { useLocale, useTranslations } from "@/lib/i18n/client";
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

/**
 * One number format per locale and number of decimals, for the life of the process: the
 * formatter's own cache lasts a request, and a full review's dashboard writes hundreds of numbers.
 */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number | null): Intl.NumberFormat {
  const key = `${locale}|${digits ?? ""}`;
  let f = NUMBER_FORMATS.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, digits === null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits });
    NUMBER_FORMATS.set(key, f);
  }
  return f;
}

export function useReportFormat(): ReportFormat {
  const locale = useLocale();
  const na = useTranslations("dashboard")("na");
  /** A decimal string as rounded by lib/reports/format, in the locale's notation. */
  const decimal = (text: string) => numberFormat(locale, text.split(".")[1]?.length ?? 0).format(Number(text));
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
    count: (n) => numberFormat(locale, null).format(n),
    na,
  };
}
