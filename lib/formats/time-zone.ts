// Wall-clock times in an IANA time zone → instants, with the Intl API only (no Temporal in
// Node 20). Used for times written without a UTC offset, which a dataset reads in one zone
// (default UTC: then nothing here runs).
//
// A wall time that occurs twice (clocks set back) is the earlier instant; one that never occurs
// (clocks set forward) is moved forward by the gap: "02:30" on a spring-forward night at 02:00
// becomes 03:30. These are the choices of Temporal's default `disambiguation: "compatible"`,
// and of `new Date(y, m, d, …)` in a process running in that zone.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA time zone name this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === "") return false;
  try {
    format(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC (ms, east positive) at an instant. */
function offsetNow(utcMs: number, zone: string): number {
  const parts: Record<string, string> = {};
  for (const p of format(zone).formatToParts(new Date(utcMs))) parts[p.type] = p.value;
  const year = parts.era === "BC" || parts.era === "B" ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(
    Date.UTC(2000, Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)),
  );
  wall.setUTCFullYear(year);
  // The formatter drops milliseconds: compare whole seconds.
  return wall.getTime() - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

const HOUR = 3_600_000;
/** Offsets per zone and UTC hour, kept only for hours without a transition in them. */
const hourly = new Map<string, number>();

function offsetAt(utcMs: number, zone: string): number {
  const hour = Math.floor(utcMs / HOUR);
  const key = `${zone}\0${hour}`;
  const known = hourly.get(key);
  if (known !== undefined) return known;
  const start = offsetNow(hour * HOUR, zone);
  if (start === offsetNow(hour * HOUR + HOUR - 1000, zone)) {
    if (hourly.size > 100_000) hourly.clear();
    hourly.set(key, start);
    return start;
  }
  return offsetNow(utcMs, zone);
}

const DAY = 86_400_000;

/**
 * The instant of a wall-clock time in `zone`, the wall time given as milliseconds as if it were
 * UTC. Assumes at most one offset change within a day either side (true of every IANA zone).
 */
export function wallToInstant(wallMs: number, zone: string): number {
  const before = offsetAt(wallMs - DAY, zone);
  const after = offsetAt(wallMs + DAY, zone);
  const early = wallMs - before;
  const late = wallMs - after;
  const earlyOk = offsetAt(early, zone) === before;
  const lateOk = offsetAt(late, zone) === after;
  if (earlyOk && lateOk) return Math.min(early, late); // a repeated wall time: the earlier
  if (earlyOk) return early;
  if (lateOk) return late;
  return early; // in a gap: the offset before it, i.e. moved forward by the gap
}
