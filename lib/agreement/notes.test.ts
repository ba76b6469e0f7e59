import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages";
import { ENGINE_NOTES, engineNoteCode } from "./notes";

describe("the engine's notes", () => {
  it("each have a code the dashboard words in both languages", () => {
    for (const [code, text] of Object.entries(ENGINE_NOTES)) {
      expect(engineNoteCode(text)).toBe(code);
      expect(MESSAGES.en.dashboard.engineNotes).toHaveProperty(code);
      expect(MESSAGES["zh-CN"].dashboard.engineNotes).toHaveProperty(code);
    }
    expect(engineNoteCode("something else")).toBeNull();
  });
});
