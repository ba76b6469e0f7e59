import fc from "fast-check";
import { expect, test } from "vitest";
import { english, type DomainMessage } from "@/lib/i18n/domain";
import { integerKeyProblem as problemOf, isIsoDate, isoToMillis } from "./primitives";

/** The problem as zod carries it (issues.ts zodSays), in English. */
const integerKeyProblem = (s: string) => {
  const p = problemOf(s);
  return p === null ? null : english(JSON.parse(p.slice(1)) as DomainMessage);
};

test("ISO dates and date-times are calendar-checked", () => {
  expect(isIsoDate("2031-02-28")).toBe(true);
  expect(isIsoDate("2031-02-29")).toBe(false);
  expect(isoToMillis("2031-08-18T23:59:59")).toBe(Date.UTC(2031, 7, 18, 23, 59, 59));
  expect(isoToMillis("2031-08-18T23:59:59+08:00")).toBe(Date.UTC(2031, 7, 18, 15, 59, 59));
  expect(isoToMillis("2150-03-02 14:20:00")).toBe(Date.UTC(2150, 2, 2, 14, 20));
  expect(isoToMillis("2031-08-18T24:00:00")).toBeNull();
  expect(isoToMillis("18/08/2031")).toBeNull();
});

test("spreadsheet-mangled integer keys are named as such", () => {
  expect(integerKeyProblem("12")).toBeNull();
  for (const s of ["1-1", "1-Jan", "Jan-01", "2001-01-01", "1/1/2001", "01.01.2001"])
    expect(integerKeyProblem(s)).toMatch(/looks like a date/);
  expect(integerKeyProblem("9.00001E+05")).toMatch(/spreadsheet-mangled number/);
  expect(integerKeyProblem("1.5")).toMatch(/malformed number/);
  expect(integerKeyProblem("")).toMatch(/empty/);
});

// The validator's reading of a time decides "evidence after the cutoff"; the database stores the
// same string as a Date (what the review screen filters on). For every ISO 8601 date-time it
// accepts, it must agree with JavaScript's own ISO parser, to the millisecond.
test("isoToMillis agrees with Date's ISO 8601 parser on every accepted date-time", () => {
  // Days up to 28: Date rolls "04-31" over to May 1st where the validator rightly refuses it.
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const dateTime = fc
    .record({
      y: fc.integer({ min: 0, max: 9999 }),
      mo: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
      h: fc.integer({ min: 0, max: 23 }),
      mi: fc.integer({ min: 0, max: 59 }),
      s: fc.option(fc.integer({ min: 0, max: 59 })),
      frac: fc.option(fc.stringMatching(/^\d{1,9}$/)),
      zone: fc.constantFrom("", "Z", "+05:30", "-14:00", "+00:00", "-03:30"),
    })
    .map(
      ({ y, mo, d, h, mi, s, frac, zone }) =>
        `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}${s === null ? "" : `:${pad(s)}${frac === null ? "" : `.${frac}`}`}${zone}`,
    );
  fc.assert(
    fc.property(dateTime, (iso) => {
      const parsed = new Date(/Z|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`).getTime();
      expect(isoToMillis(iso)).toBe(Number.isNaN(parsed) ? null : parsed);
    }),
    { numRuns: 2000 },
  );
  expect(isoToMillis("0099-03-01T00:00:00")).toBe(Date.parse("0099-03-01T00:00:00Z")); // not 1999
  expect(isoToMillis("2031-03-01T09:00:00.9996")).toBe(Date.UTC(2031, 2, 1, 9, 0, 0, 999)); // truncated, as stored
});
