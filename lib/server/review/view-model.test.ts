import { expect, test } from "vitest";
import { cutoffLabel } from "./view-model";

test("the cutoff is shown as given, its zone included", () => {
  expect(cutoffLabel("2033-04-14T14:08:00-12:00")).toBe("2033-04-14 14:08 -12:00");
  expect(cutoffLabel("2033-04-14T14:08:00+0530")).toBe("2033-04-14 14:08 +05:30");
  expect(cutoffLabel("2033-04-14T14:08:00Z")).toBe("2033-04-14 14:08 UTC");
  expect(cutoffLabel("2033-04-14T14:08:00")).toBe("2033-04-14 14:08");
  expect(cutoffLabel("2033-04-14 14:08", "Europe/Paris")).toBe("2033-04-14 14:08 (Europe/Paris)");
  expect(cutoffLabel("2033-04-14T14:08:00+02:00", "Europe/Paris")).toBe("2033-04-14 14:08 +02:00");
  expect(cutoffLabel("2033-04-14")).toBe("2033-04-14");
});
