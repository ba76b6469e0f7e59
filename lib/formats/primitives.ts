// Scalar checks shared by all schemas: calendar-valid dates, ISO 8601
// date-times, integer keys that a spreadsheet may have mangled into dates.
import { z } from "zod";
import { wallToInstant } from "./time-zone";
import { zodSays } from "./issues";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Date, optionally followed by T or space + hh:mm[:ss[.fff]] + optional zone.
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Date.UTC, but years 0–99 are those years (Date.UTC reads them as 1900–1999). */
function utc(y: number, mo: number, d: number, hh = 0, mm = 0, ss = 0, ms = 0): number {
  const t = new Date(Date.UTC(2000, 0, 1, hh, mm, ss, ms));
  t.setUTCFullYear(y, mo, d);
  return t.getTime();
}

function validYmd(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(utc(y, m, 0)).getUTCDate();
  return d <= days;
}

export function isIsoDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  return !!m && validYmd(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Whether an ISO 8601 date-time carries a UTC offset (`Z`, `+05:30`, `-1200`). */
export function hasUtcOffset(s: string): boolean {
  return DATETIME_RE.exec(s)?.[8] !== undefined;
}

/**
 * Epoch milliseconds of an ISO 8601 date or date-time, or null when malformed. The one time
 * rule (lib/formats/README.md): a time with a UTC offset is that instant; a time without one
 * (and a bare date, at midnight) is a wall-clock time in `timeZone`, the dataset's zone
 * (default UTC). Whether one record mixes the two is checked by the validators.
 */
export function isoToMillis(s: string, timeZone = "UTC"): number | null {
  const m = DATETIME_RE.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!validYmd(y, mo, d)) return null;
  const hh = Number(m[4] ?? 0);
  const mm = Number(m[5] ?? 0);
  const ss = Number(m[6] ?? 0);
  if (hh > 23 || mm > 59 || ss > 59) return null;
  // Milliseconds truncated, as Date (and so the stored value) reads them.
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
  const t = utc(y, mo - 1, d, hh, mm, ss, ms);
  const zone = m[8];
  if (zone === undefined) return timeZone === "UTC" ? t : wallToInstant(t, timeZone);
  if (zone === "Z") return t;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const zh = Number(digits.slice(0, 2));
  const zm = Number(digits.slice(2));
  if (zh > 14 || zm > 59) return null;
  return t - sign * (zh * 60 + zm) * 60_000;
}

// Shapes a spreadsheet produces when it "helpfully" converts keys: 1-1 → 1-Jan,
// 2001-01-01, 1/1/2001, Jan-01; and long ids → 9.00001E+05.
const MANGLED_DATE_RES = [
  /^\d{1,4}[-/]\d{1,2}(?:[-/]\d{1,4})?(?:[ T].*)?$/,
  /^\d{1,2}\.\d{1,2}\.\d{2,4}$/,
  /^\d{1,2}[- ][A-Za-z]{3,9}(?:[- ]\d{2,4})?$/,
  /^[A-Za-z]{3,9}[- ]\d{1,4}$/,
];
const SCIENTIFIC_RE = /^[+-]?\d+(?:\.\d+)?[eE][+-]?\d+$/;

/** Why a string is not a plain non-negative integer key, or null when it is one. */
export function integerKeyProblem(s: string): string | null {
  const t = s.trim();
  if (/^\d+$/.test(t)) return null;
  if (t === "") return zodSays("formats.requiredEmpty");
  if (MANGLED_DATE_RES.some((re) => re.test(t))) return zodSays("formats.mangledDate", { got: JSON.stringify(s) });
  if (SCIENTIFIC_RE.test(t)) return zodSays("formats.mangledNumber", { got: JSON.stringify(s) });
  return zodSays("formats.expectedInteger", { got: JSON.stringify(s) });
}

// ---- zod building blocks --------------------------------------------------

export const isoDateTime = z.string().superRefine((v, ctx) => {
  if (isoToMillis(v) === null) ctx.addIssue({ code: "custom", message: zodSays("formats.malformedDateTime", { got: JSON.stringify(v) }) });
});

export const isoDate = z.string().superRefine((v, ctx) => {
  if (!isIsoDate(v)) ctx.addIssue({ code: "custom", message: zodSays("formats.malformedDate", { got: JSON.stringify(v) }) });
});

export const nonEmpty = z.string().min(1);

/** Integer written as CSV text; rejects spreadsheet-mangled dates / numbers. */
export const intText = z.string().transform((v, ctx) => {
  const problem = integerKeyProblem(v);
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return Number(v.trim());
});

/** Integer id that JSON files may write as a number or as a digit string. */
export const intId = z.union([z.int().nonnegative(), z.string().regex(/^\d+$/)], {
  error: (iss) => zodSays("formats.malformedId", { got: JSON.stringify(iss.input) }),
});

// pickExtra and compact run for every event of a 250k-event import (twice when streamed):
// plain key loops, not Object.entries with its [key, value] pair per key.

/** Keys of `raw` that the schema does not know, or undefined when there are none. */
export function pickExtra(raw: unknown, known: readonly string[]): Record<string, unknown> | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  let extra: Record<string, unknown> | undefined;
  for (const k of Object.keys(raw)) {
    if (known.includes(k)) continue;
    (extra ??= {})[k] = (raw as Record<string, unknown>)[k];
  }
  return extra;
}

/** Copies only keys whose value is not undefined: keeps normalized records deep-equal across round trips. */
export function compact<T extends object>(obj: T): T {
  const out = {} as Record<string, unknown>;
  for (const k of Object.keys(obj)) {
    const v = (obj as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as T;
}
