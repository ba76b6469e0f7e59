// Every skip reason is in every catalog (the web words it per language), with the values it is given.
import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales";
import { MESSAGES } from "../i18n/messages";
import { SKIP_REASON_KEYS, SKIP_REASON_VALUES, skipReason } from "./skip-reasons";
import { reasonFor } from "./fhir/skipped";

const placeholders = (message: string) => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]!))].sort();

describe.each(LOCALES)("skip reasons in the %s catalog", (locale) => {
  const catalog = MESSAGES[locale].datasets.report.skippedReasons as Record<string, string>;

  it("has every reason, with exactly its values", () => {
    expect(Object.keys(catalog).sort()).toEqual([...SKIP_REASON_KEYS].sort());
    for (const key of SKIP_REASON_KEYS) expect(placeholders(catalog[key] ?? ""), key).toEqual([...SKIP_REASON_VALUES[key]].sort());
  });
});

describe("skip reasons", () => {
  it("the English catalog says what the command line says", () => {
    const english = MESSAGES.en.datasets.report.skippedReasons as Record<string, string>;
    const values = { type: "Immunization", elements: "occurrence[x]" };
    for (const key of SKIP_REASON_KEYS) {
      const { reason } = skipReason(key, values);
      expect(
        english[key]!.replace(/\{(\w+)\}/g, (_, name: keyof typeof values) => values[name]),
        key,
      ).toBe(reason);
    }
  });

  it("every FHIR kind the importer skips has a key, its values given", () => {
    expect(reasonFor("Coverage")).toMatchObject({ key: "billing", detail: {} });
    expect(reasonFor("Observation (pregnancy dating)").key).toBe("pregnancyDating");
    expect(reasonFor("Condition (pregnancy)").key).toBe("pregnancy");
    expect(reasonFor("CareTeam")).toEqual({
      key: "unmapped",
      detail: { type: "CareTeam" },
      reason: expect.stringMatching(/^CareTeam is a resource type this importer does not map/),
    });
  });
});
