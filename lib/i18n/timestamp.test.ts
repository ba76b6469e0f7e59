import { expect, it } from "vitest";
import { utcMinute } from "./timestamp";

it("formats to the minute in UTC", () => {
  expect(utcMinute(new Date("2026-11-29T14:02:59.999Z"))).toBe("2026-11-29 14:02");
  expect(utcMinute(new Date("2026-11-29T23:30:00+08:00"))).toBe("2026-11-29 15:30");
});
