// Every language has exactly the English keys, the same ICU placeholders, and no empty text.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Argument names of an ICU message: {name}, {name, plural, …}, {name, select, …}. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((m) => m[1]!))].sort();
}

function balanced(message: string): boolean {
  let depth = 0;
  for (const ch of message) {
    if (ch === "{") depth++;
    if (ch === "}" && --depth < 0) return false;
  }
  return depth === 0;
}

const english = flatten(MESSAGES.en as unknown as Tree);

describe.each(LOCALES)("catalog %s", (locale) => {
  const catalog = flatten(MESSAGES[locale] as unknown as Tree);

  it("has exactly the English keys", () => {
    expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("has well-formed, non-empty messages with the English placeholders", () => {
    for (const [key, message] of catalog) {
      expect(message.trim(), key).not.toBe("");
      expect(balanced(message), `${key}: unbalanced braces`).toBe(true);
      expect(placeholders(message), key).toEqual(placeholders(english.get(key) ?? ""));
    }
  });

  // A message that does not parse is shown as its key (next-intl's fallback): "<x>" is a tag in
  // ICU, so a literal one is quoted ('<'x'>').
  it("has messages that parse as ICU", () => {
    for (const [key, message] of catalog) expect(() => new IntlMessageFormat(message, locale), key).not.toThrow();
  });
});
