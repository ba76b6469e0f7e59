import { describe, expect, it } from "vitest";
import { english } from "../i18n/domain";
import { MESSAGES } from "../i18n/messages";
import { isEngineNote, NO_PAIRS_NOTE, noteInEnglish, SE_ZERO_NOTE } from "./notes";

describe("the engine's notes", () => {
  it("are codes of the domain catalog's agreement group, in both languages", () => {
    for (const code of Object.keys(MESSAGES.en.domain.agreement)) {
      expect(MESSAGES["zh-CN"].domain.agreement).toHaveProperty(code);
      expect(isEngineNote({ code: `agreement.${code}` })).toBe(true);
    }
    expect(isEngineNote({ code: "report.noLater" })).toBe(false);
    expect(isEngineNote("no item has 2 or more ratings: agreement is undefined")).toBe(false);
    expect(isEngineNote(null)).toBe(false);
  });

  it("are the English they were before they were codes", () => {
    expect(english(NO_PAIRS_NOTE)).toBe("no item has 2 or more ratings: agreement is undefined");
    expect(english({ code: "agreement.oneCategory" })).toBe(
      "fewer than 2 categories: chance agreement is 1 and the coefficient is undefined (declare the rubric's categories)",
    );
    expect(english({ code: "agreement.pairNotRated", values: { raterA: "R1", raterB: "R2", dimension: "gold" } })).toBe(
      'no item rated by both R1 and R2 on dimension "gold"',
    );
  });

  it("are written in English into JSON, and only under `note`", () => {
    const json = JSON.stringify({ note: SE_ZERO_NOTE, other: NO_PAIRS_NOTE, list: [{ note: null }] }, noteInEnglish);
    expect(JSON.parse(json)).toEqual({
      note: "standard error and coefficient are both 0: the p-value is undefined",
      other: { code: "agreement.noPairs" },
      list: [{ note: null }],
    });
  });
});
