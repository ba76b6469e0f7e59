// Emails are compared under compatibility case folding, and an address with a non-ASCII
// character that reads as ASCII (UTS #39 confusables) is refused: "\u212Aate@…" took over kate's
// account through SSO (issue 31, finding 4).
import { describe, expect, it } from "vitest";
import { createUserSchema, invitationSchema } from "../schemas/users";
import uts39 from "./__fixtures__/uts39-ascii-confusables.json";
import { ASCII_CONFUSABLE_COUNT } from "./ascii-confusables";
import { checkEmail, foldEmail, normaliseEmail } from "./email";

const FULLWIDTH = Array.from({ length: 0xff5e - 0xff01 + 1 }, (_, i) => String.fromCharCode(0xff01 + i));
const CONFUSABLES = [
  "\u212a", // KELVIN SIGN
  "\u212b", // ANGSTROM SIGN
  "\u0131", // dotless i
  "\u017f", // long s
  ..."аеорсухіјѕ", // Cyrillic
  ..."ΑΒΕΖΗΙΚΜΝΟΡΤΧΥον", // Greek
  ...FULLWIDTH,
];

describe("email comparison", () => {
  it("folds case and compatibility forms", () => {
    expect(foldEmail("Kate@Hospital.TEST")).toBe("kate@hospital.test");
    expect(normaliseEmail("  Dr.Ünal@Example.ORG ")).toBe("dr.ünal@example.org");
    expect(normaliseEmail("U\u0308nal@x.org")).toBe("ünal@x.org"); // decomposed ü is the same address
  });

  it.each(CONFUSABLES.map((c) => [c, c.codePointAt(0)!.toString(16)]))("refuses %s (U+%s) in the local part and the domain", (c) => {
    expect(checkEmail(`${c}ate@hospital.test`)).toEqual({ ok: false, reason: "look-alike" });
    expect(checkEmail(`kate@hospit${c}l.test`)).toEqual({ ok: false, reason: "look-alike" });
    expect(normaliseEmail(`${c}ate@hospital.test`)).toBeNull();
  });

  it("refuses a look-alike with its own field error when an account or invitation is made", () => {
    const made = createUserSchema.safeParse({ email: "\u212aate@hospital.test", name: "Kate", role: "CLINICIAN" });
    expect(made.success).toBe(false);
    expect(made.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["email", "admin.form.errors.emailLookAlike"]]);
    const invited = invitationSchema.safeParse({ role: "CLINICIAN", email: "k\u0430te@hospital.test" });
    expect(invited.error?.issues.map((i) => i.message)).toContain("admin.form.errors.emailLookAlike");
    expect(createUserSchema.parse({ email: " Kate@Hospital.test ", name: "Kate", role: "CLINICIAN" }).email).toBe("kate@hospital.test");
  });
});

describe("UTS #39 confusables", () => {
  // Every character confusables.txt (Unicode 13) maps to one ASCII letter or digit, as the table has it.
  const table = uts39 as [string, string][];

  it("refuses every non-ASCII character the table reads as an ASCII letter or digit, in the local part and the domain", () => {
    expect(table.length).toBe(ASCII_CONFUSABLE_COUNT);
    const accepted = table
      .map(([hex, prototype]) => [String.fromCodePoint(Number.parseInt(hex, 16)), hex, prototype] as const)
      .filter(([c]) => checkEmail(`${c}ate@hospital.test`).ok || checkEmail(`kate@hospit${c}l.test`).ok)
      .map(([c, hex, prototype]) => `${c} U+${hex} → ${prototype}`);
    expect(accepted).toEqual([]);
  });

  it("keeps non-ASCII letters that read as no ASCII letter", () => {
    for (const email of ["dr.ünal@example.org", "josé@example.org", "王芳@example.cn", "müller@example.de"])
      expect(checkEmail(email)).toMatchObject({ ok: true });
  });
});
