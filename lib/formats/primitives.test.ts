import { expect, test } from "vitest";
import { integerKeyProblem, isIsoDate, isoToMillis } from "./primitives";

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
