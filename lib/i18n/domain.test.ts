// Every message a domain can say (the `domain` catalog: the type DomainCode allows no other)
// renders in every language with placeholder values, and the Chinese says it in Chinese: no
// Latin-script word outside the values, names, ids, units and code it quotes.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { type DomainCode, english } from "./domain";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";
import { latinProse } from "@/tests/support/latin-prose";

const codes = Object.entries(MESSAGES.en.domain).flatMap(([group, texts]) =>
  Object.keys(texts).map((key) => `${group}.${key}` as DomainCode),
);

/** A value for each argument: a number where the message counts on it, "other" where it selects. */
function sampleValues(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, name, kind] of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*(?:,\s*(\w+))?/g))
    values[name!] = kind === "plural" || kind === "selectordinal" || kind === "number" ? 7 : kind === "select" ? "other" : "⟨v⟩";
  return values;
}

const text = (locale: (typeof LOCALES)[number], code: DomainCode) => {
  const [group, key] = code.split(".") as [keyof typeof MESSAGES.en.domain, string];
  return (MESSAGES[locale].domain[group] as Record<string, string> | undefined)?.[key];
};

describe("domain messages", () => {
  it("are many, one text per code", () => {
    expect(codes.length).toBeGreaterThan(30);
  });

  describe.each(LOCALES)("%s", (locale) => {
    it.each(codes)("renders %s", (code) => {
      const message = text(locale, code);
      expect(message, `${locale} has no ${code}`).toBeTypeOf("string");
      const values = sampleValues(message!);
      const rendered = String(new IntlMessageFormat(message!, locale).format(values));
      expect(rendered.trim()).not.toBe("");
      if (locale === "en") expect(english({ code, values })).toBe(rendered);
      if (locale === "zh-CN") {
        // The sample values (⟨v⟩, and "other" where a select's argument is also shown) are not the message's words.
        const own = rendered
          .replaceAll("⟨v⟩", "")
          .replace(/\bother\b/g, "")
          .replace(/"[^"]*"|“[^”]*”/g, "");
        expect(latinProse(own), `${code}: ${rendered}`).toEqual([]);
      }
    });
  });
});
