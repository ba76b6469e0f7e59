import { describe, expect, it } from "vitest";
import { createAuditSchema } from "./audits";
import { saveCommentSchema } from "./review";
import { isCleanLine, isCleanText, printable, toStorableText } from "./text";
import { createUserSchema } from "./users";

const comment = (text: string) => saveCommentSchema.safeParse({ assignmentId: "a", comment: text, expectedVersion: 0 });
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe("free text a user saves", () => {
  it("refuses NUL, other control characters and lone surrogates, keeping tabs, line breaks and any script", () => {
    for (const bad of ["a\u0000b", "\u001b[2J", "x\u007f", "\ud800", "a\udc00b", "\ud83d"])
      expect(messages(comment(bad)), JSON.stringify(bad)).toEqual(["common.validation.controlCharacters"]);
    for (const good of ["", "line 1\nline 2\r\n\tindented", "胎膜早破 😀 café", "\ud83d\ude00"])
      expect(comment(good).success, JSON.stringify(good)).toBe(true);
    expect(isCleanText("a\u0000")).toBe(false);
    expect(isCleanText("a\nb")).toBe(true);
  });

  it("keeps names to one clean line: no CR/LF, tab, ESC or NUL in audit or user names", () => {
    const audit = { name: "A", datasetId: "d", size: 5, seed: "1", strata: [], rubric: [] };
    for (const bad of ["Audit\r\nInjected", "Audit\u001b[2J", "A\u0000", "A\tB", "A\u2028B"]) {
      expect(createAuditSchema.safeParse({ ...audit, name: bad }).error?.issues.map((i) => i.message)).toContain(
        "common.validation.controlCharactersInName",
      );
      expect(messages(createUserSchema.safeParse({ email: "a@b.org", name: bad, role: "CLINICIAN" }))).toContain(
        "common.validation.controlCharactersInName",
      );
    }
    expect(isCleanLine("王芳 · Dr. Li")).toBe(true);
  });

  it("prints stored control characters as escapes, never raw", () => {
    expect(printable("Audit\u001b[2J\r\nx")).toBe("Audit\\u001b[2J\\u000d\\u000ax");
    expect(printable("胎膜早破")).toBe("胎膜早破");
  });
});

describe("toStorableText", () => {
  it("replaces NUL and lone surrogates with U+FFFD, keeping pairs, tabs and line breaks", () => {
    expect(toStorableText("a\u0000b\ud800c\udc00")).toBe("a\ufffdb\ufffdc\ufffd");
    expect(toStorableText("ok 😀\t\r\n中文")).toBe("ok 😀\t\r\n中文");
  });
});
