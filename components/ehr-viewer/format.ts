/**
 * Pure display formatting for the record viewers. Times in the record are naive local
 * times ("2031-08-18T10:02:00"): they are read as written and formatted in UTC so the
 * reader's own time zone can never shift an event onto another day.
 */
import type { ViewerMeasurement } from "./types";

export const DEFAULT_LOCALE = "en-GB";

/**
 * The locale record dates are written in for an interface language: English keeps the
 * day-month-year order of clinical charts ("Mon 18 Aug 2031"); others use their own.
 */
export function recordDateLocale(interfaceLocale: string): string {
  return interfaceLocale === "en" ? DEFAULT_LOCALE : interfaceLocale;
}

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/** "2031-08-18T10:02:00" → "2031-08-18": the calendar day as written in the record. */
export function dateKeyOf(iso: string): string {
  const m = ISO_RE.exec(iso);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : "unknown";
}

/**
 * Gestational age in days → completed weeks + days (the obstetric notation, worded by the
 * catalog: "32+4 wk"), or null when unknown or invalid.
 */
export function gaParts(days: number | null | undefined): { weeks: number; days: number } | null {
  if (days == null || !Number.isFinite(days) || days < 0) return null;
  const d = Math.floor(days);
  return { weeks: Math.floor(d / 7), days: d % 7 };
}

// Month names in Chinese, Japanese and Korean are numbers plus a character ("2031年8月18日"): too
// wide for the narrow date list, where the numeric date ("2031/8/18") reads as usual there.
const NUMERIC_MONTHS = /^(zh|ja|ko)\b/i;

// Intl formatters are costly to build and a history has thousands of rows: cache per locale.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, kind: "day" | "short" | "time"): Intl.DateTimeFormat {
  const id = `${kind}|${locale}`;
  let f = formatters.get(id);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      kind === "time"
        ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" }
        : kind === "day"
          ? { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }
          : { day: "numeric", month: NUMERIC_MONTHS.test(locale) ? "numeric" : "short", year: "numeric", timeZone: "UTC" };
    try {
      f = new Intl.DateTimeFormat(locale, opts);
    } catch {
      f = new Intl.DateTimeFormat(DEFAULT_LOCALE, opts); // unknown locale tag: never crash the viewer
    }
    formatters.set(id, f);
  }
  return f;
}

function utcDate(iso: string): Date | null {
  const m = ISO_RE.exec(iso);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return Number.isNaN(ms) ? null : new Date(ms);
}

// Commas between parts ("Mon, 18 Aug 2031") add noise in a dense header; spaces read calmer.
function joinParts(f: Intl.DateTimeFormat, d: Date): string {
  return f
    .formatToParts(d)
    .map((p) => (p.type === "literal" ? p.value.replace(/,\s*/g, " ") : p.value))
    .join("")
    .trim();
}

/** "2031-08-18" → "Mon 18 Aug 2031" (en-GB); locale-aware otherwise. */
export function formatDay(dateKey: string, locale: string = DEFAULT_LOCALE): string {
  const d = utcDate(dateKey);
  return d ? joinParts(formatter(locale, "day"), d) : dateKey;
}

/** "2031-08-18" → "18 Aug 2031" ("2031/8/18" in Chinese): the compact form for the date list. */
export function formatShortDay(dateKey: string, locale: string = DEFAULT_LOCALE): string {
  const d = utcDate(dateKey);
  return d ? joinParts(formatter(locale, "short"), d) : dateKey;
}

/** "2031-08-18T10:02:00" → "10:02"; always 24-hour, as clinical charts are. */
export function formatTime(iso: string, locale: string = DEFAULT_LOCALE): string {
  const m = ISO_RE.exec(iso);
  if (!m || m[4] == null) return "";
  const d = utcDate(iso);
  return d ? formatter(locale, "time").format(d) : `${m[4]}:${m[5]}`;
}

/** Value + unit as written ("23.4 µmol/L"); numbers are not re-rounded, the source precision stays. */
export function formatValue(m: Pick<ViewerMeasurement, "value" | "unit">): string | null {
  if (m.value == null || m.value === "") return null;
  const v = String(m.value);
  return m.unit ? `${v} ${m.unit}` : v;
}

/** Reference range: both → "3.5–5.0", high only → "≤ 10", low only → "≥ 3.5", none → null. */
export function formatRange(low: number | null, high: number | null): string | null {
  const lo = low != null && Number.isFinite(low) ? low : null;
  const hi = high != null && Number.isFinite(high) ? high : null;
  if (lo != null && hi != null) return `${lo}–${hi}`;
  if (hi != null) return `≤ ${hi}`;
  if (lo != null) return `≥ ${lo}`;
  return null;
}

export type FlagDirection = "high" | "low" | "abnormal" | "normal";
export type FlagCode = "H" | "L" | "HH" | "LL" | "A" | "AA" | "N";
export interface FlagInfo {
  /** Short visible text ("H", "LL", or the free text as written). */
  label: string;
  /**
   * The coded meaning, worded for screen readers by the catalog (the arrow glyphs are hidden
   * from them); null for free text we do not understand, which is read as written.
   */
  code: FlagCode | null;
  direction: FlagDirection;
  critical: boolean;
  /** Glyph shown beside the label so direction is not carried by colour alone. */
  symbol: string;
}

const CODED: Record<FlagCode, Omit<FlagInfo, "label">> = {
  H: { code: "H", direction: "high", critical: false, symbol: "▲" },
  L: { code: "L", direction: "low", critical: false, symbol: "▼" },
  HH: { code: "HH", direction: "high", critical: true, symbol: "▲▲" },
  LL: { code: "LL", direction: "low", critical: true, symbol: "▼▼" },
  A: { code: "A", direction: "abnormal", critical: false, symbol: "◆" },
  AA: { code: "AA", direction: "abnormal", critical: true, symbol: "◆◆" },
  N: { code: "N", direction: "normal", critical: false, symbol: "" },
};

const isCode = (s: string): s is FlagCode => Object.hasOwn(CODED, s);

const WORDS: [RegExp, FlagCode][] = [
  [/^(critical(ly)? high|panic high)$/, "HH"],
  [/^(critical(ly)? low|panic low)$/, "LL"],
  [/^(high|above|偏高|升高|高|↑)$/, "H"],
  [/^(low|below|偏低|降低|低|↓)$/, "L"],
  [/^(abnormal|abn|positive|pos|阳性|异常)$/, "A"],
  [/^(normal|neg|negative|阴性|正常)$/, "N"],
];

/**
 * Flag → label and direction. Only the flag written in the record is shown: the viewer
 * never derives a flag from value vs range, so auditors see exactly what the model saw.
 */
export function flagInfo(flag: string | null | undefined): FlagInfo | null {
  const raw = flag?.trim();
  if (!raw) return null;
  const upper = raw.toUpperCase();
  if (isCode(upper)) return { label: upper, ...CODED[upper] };
  const lower = raw.toLowerCase();
  for (const [re, code] of WORDS) if (re.test(lower)) return { label: raw, ...CODED[code] };
  return { label: raw, code: null, direction: "abnormal", critical: false, symbol: "◆" };
}

export interface FormattedMeasurement {
  value: string | null;
  range: string | null;
  flag: FlagInfo | null;
}

/** One measurement ready for display: "23.4 µmol/L", "(≤ 10)" and the H ▲ flag, each separately. */
export function formatMeasurement(m: ViewerMeasurement): FormattedMeasurement {
  const range = formatRange(m.refLow, m.refHigh);
  const flag = flagInfo(m.flag);
  return { value: formatValue(m), range: range ? `(${range})` : null, flag: flag && flag.direction === "normal" ? null : flag };
}

/** Whole measurement as one line of text, e.g. for titles or tests: "23.4 µmol/L (≤ 10) H ▲". */
export function measurementText(m: ViewerMeasurement): string {
  const f = formatMeasurement(m);
  return [f.value, f.range, f.flag ? `${f.flag.label} ${f.flag.symbol}`.trim() : null].filter(Boolean).join(" ");
}
