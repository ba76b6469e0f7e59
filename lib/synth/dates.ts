/**
 * Calendar helpers on naive local times ("2031-08-18T10:02:00", no zone): clinical
 * records are charted in hospital local time, and UTC arithmetic on naive strings
 * avoids daylight-saving surprises while keeping ISO strings sortable as text.
 */

const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" → epoch day number (days since 1970-01-01). */
export function toDayNumber(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`bad date: ${date}`);
  return Math.round(ms / DAY_MS);
}

/** Epoch day number → "YYYY-MM-DD". */
export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Date plus minutes after midnight (may exceed a day) → "YYYY-MM-DDTHH:MM:SS". */
export function isoAt(date: string, minutes: number): string {
  const ms = toDayNumber(date) * DAY_MS + Math.round(minutes * 60) * 1000;
  return new Date(ms).toISOString().slice(0, 19);
}

/** Hours between two naive ISO times. */
export function hoursBetween(a: string, b: string): number {
  return (Date.parse(`${b}Z`) - Date.parse(`${a}Z`)) / 3_600_000;
}

/** Gestational age in days → "32+4" (completed weeks + days), the obstetric notation. */
export function gaLabel(gaDays: number): string {
  return `${Math.floor(gaDays / 7)}+${gaDays % 7}`;
}

/** Trimester by the usual cut points: T1 < 14+0, T2 14+0–27+6, T3 ≥ 28+0. */
export function trimester(gaDays: number): 1 | 2 | 3 {
  if (gaDays < 98) return 1;
  if (gaDays < 196) return 2;
  return 3;
}

/** weeks+days → days, for readable constants like wk(36, 0). */
export function wk(weeks: number, days = 0): number {
  return weeks * 7 + days;
}
