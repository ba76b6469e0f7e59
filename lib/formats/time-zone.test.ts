import fc from "fast-check";
import { expect, test } from "vitest";
import { hasUtcOffset, isoToMillis } from "./primitives";
import { isTimeZone, wallToInstant } from "./time-zone";

const wall = (iso: string) => Date.parse(`${iso}Z`);

test("zone names", () => {
  expect(["UTC", "Europe/Paris", "Asia/Shanghai", "America/Sao_Paulo", "Pacific/Chatham"].every(isTimeZone)).toBe(true);
  expect(["", "Mars/Olympus", "+05:00x"].some(isTimeZone)).toBe(false);
});

test("wall-clock times become instants, gaps and repeats as Temporal's 'compatible'", () => {
  // Paris: CET +01:00 in winter, CEST +02:00 in summer; 2031-03-30 02:00 → 03:00, 2031-10-26 03:00 → 02:00.
  expect(new Date(wallToInstant(wall("2031-01-15T12:00:00"), "Europe/Paris")).toISOString()).toBe("2031-01-15T11:00:00.000Z");
  expect(new Date(wallToInstant(wall("2031-07-15T12:00:00"), "Europe/Paris")).toISOString()).toBe("2031-07-15T10:00:00.000Z");
  expect(new Date(wallToInstant(wall("2031-03-30T02:30:00"), "Europe/Paris")).toISOString()).toBe("2031-03-30T01:30:00.000Z"); // = 03:30 CEST
  expect(new Date(wallToInstant(wall("2031-10-26T02:30:00"), "Europe/Paris")).toISOString()).toBe("2031-10-26T00:30:00.000Z"); // the first 02:30
  expect(new Date(wallToInstant(wall("2031-06-01T00:00:00"), "Asia/Kolkata")).toISOString()).toBe("2031-05-31T18:30:00.000Z");
});

test("outside gaps and repeats, the instant reads back as the same wall time in that zone", () => {
  const zones = ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Apia"];
  fc.assert(
    fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), (zone, t) => {
      const instant = Math.floor(t / 1000) * 1000;
      const f = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
      const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
      const w = wall(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`);
      const back = wallToInstant(w, zone);
      // A repeated wall time maps to its first occurrence: the same instant or one up to an hour earlier.
      expect(back === instant || (back < instant && instant - back <= 3_600_000)).toBe(true);
    }),
    { numRuns: 500 },
  );
});

test("isoToMillis: offsets, dataset zone for times without one, and years below 1000", () => {
  expect(isoToMillis("2033-04-14T14:08:00-12:00")).toBe(Date.UTC(2033, 3, 15, 2, 8));
  expect(isoToMillis("2033-04-14T14:08:00-1200")).toBe(Date.UTC(2033, 3, 15, 2, 8));
  expect(isoToMillis("2033-04-14T14:08:00")).toBe(Date.UTC(2033, 3, 14, 14, 8));
  expect(isoToMillis("2033-04-14T14:08:00", "Asia/Shanghai")).toBe(Date.UTC(2033, 3, 14, 6, 8));
  expect(isoToMillis("2033-04-14T14:08:00Z", "Asia/Shanghai")).toBe(Date.UTC(2033, 3, 14, 14, 8));
  expect(isoToMillis("2033-04-14", "Asia/Shanghai")).toBe(Date.UTC(2033, 3, 13, 16, 0));
  expect(isoToMillis("0999-01-02 10:00")).toBe(new Date("0999-01-02T10:00:00Z").getTime());
  expect([
    hasUtcOffset("2033-04-14T14:08:00-12:00"),
    hasUtcOffset("2033-04-14T14:08Z"),
    hasUtcOffset("2033-04-14 14:08"),
    hasUtcOffset("2033-04-14"),
  ]).toEqual([true, true, false, false]);
});
