// The process-wide translator says exactly what next-intl's says, for every message of both
// catalogs: with and without values, in every plural and select branch, rich text, markup, raw,
// has — and it reports the same errors (onError, here next-intl's default console.error).
import { IntlMessageFormat } from "intl-messageformat";
import { createTranslator } from "next-intl";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CatalogTranslator, type UntypedTranslator } from "./catalog-translator";
import { LOCALES, type Locale } from "./locales";
import { MESSAGES } from "./messages";

type Tree = { [key: string]: string | Tree };
type Values = Record<string, unknown>;

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

// intl-messageformat's AST element types (TYPE in @formatjs/icu-messageformat-parser).
const TYPE = { argument: 1, number: 2, date: 3, time: 4, select: 5, plural: 6, tag: 8 };
type Element = { type: number; value: string; options?: Record<string, { value: Element[] }>; children?: Element[] };

/** The message's arguments (name → the values worth trying) and its tags. */
function argumentsOf(message: string, locale: string) {
  const args = new Map<string, unknown[]>();
  const tags = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const el of elements) {
      if (el.type === TYPE.argument && !args.has(el.value)) args.set(el.value, [`‹${el.value}›`]);
      if (el.type === TYPE.number) args.set(el.value, [1234.5678, 0]);
      if (el.type === TYPE.date || el.type === TYPE.time) args.set(el.value, [new Date(Date.UTC(2026, 11, 31, 20, 5, 9))]);
      if (el.type === TYPE.plural) args.set(el.value, [0, 1, 2, 3, 11, 1234]);
      if (el.type === TYPE.select) args.set(el.value, [...Object.keys(el.options ?? {}), "not-an-option"]);
      if (el.type === TYPE.tag) tags.add(el.value);
      for (const option of Object.values(el.options ?? {})) walk(option.value);
      walk(el.children ?? []);
    }
  };
  try {
    walk(new IntlMessageFormat(message, locale).getAst() as unknown as Element[]);
  } catch {
    // A message that does not parse (none in our catalogs: messages.test.ts): compared without values.
  }
  return { args, tags };
}

/** One set of values per value worth trying of each argument, the others at their first. */
function valueSets(args: Map<string, unknown[]>): Values[] {
  const first = Object.fromEntries([...args].map(([name, tries]) => [name, tries[0]]));
  return [first, ...[...args].flatMap(([name, tries]) => tries.slice(1).map((value) => ({ ...first, [name]: value })))];
}

/** What `run` returns and what it reported through console.error. */
function observe(run: () => unknown): { result: unknown; errors: string[] } {
  const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    return { result: run(), errors: spy.mock.calls.map((call) => String(call[0])) };
  } finally {
    spy.mockRestore();
  }
}

const TIME_ZONE = "Asia/Kolkata";

/** Both translators for a namespace: ours (process-wide) and next-intl's as a request makes it. */
function pair(catalog: CatalogTranslator, locale: Locale, messages: Tree, namespace?: string) {
  const ours = catalog.translator(namespace);
  const theirs = createTranslator({ locale, messages, timeZone: TIME_ZONE, namespace: namespace as never }) as unknown as UntypedTranslator;
  return { ours, theirs };
}

type Call = (t: UntypedTranslator) => unknown;

function expectSame(ours: UntypedTranslator, theirs: UntypedTranslator, call: Call, label: string) {
  const expected = observe(() => call(theirs));
  const actual = observe(() => call(ours));
  expect(actual, label).toEqual(expected);
}

afterEach(() => vi.restoreAllMocks());

describe.each(LOCALES)("every %s message", (locale) => {
  const messages = MESSAGES[locale] as unknown as Tree;
  const catalog = new CatalogTranslator({ locale, messages, timeZone: TIME_ZONE, now: () => new Date(0) });

  it.each([["its namespace"], ["the whole catalog"]])("says what next-intl says, reached from %s", (from) => {
    for (const [path, message] of flatten(messages)) {
      const split = path.lastIndexOf(".");
      const [namespace, key] = from === "its namespace" ? [path.slice(0, split), path.slice(split + 1)] : [undefined, path];
      const { ours, theirs } = pair(catalog, locale, messages, namespace);
      const { args, tags } = argumentsOf(message, locale);
      const calls: [string, Call][] = [
        ["t", (t) => t(key as never)],
        ["raw", (t) => t.raw(key as never)],
        ["has", (t) => t.has(key as never)],
      ];
      const markupTags = Object.fromEntries([...tags].map((tag) => [tag, (chunks: string) => `<${tag}>${chunks}</${tag}>`]));
      const richTags = Object.fromEntries([...tags].map((tag) => [tag, (chunks: unknown) => createElement(tag, null, chunks as string)]));
      for (const values of valueSets(args)) {
        calls.push([`t ${JSON.stringify(values)}`, (t) => t(key as never, values as never)]);
        calls.push([`markup ${JSON.stringify(values)}`, (t) => t.markup(key as never, { ...values, ...markupTags } as never)]);
        calls.push([`rich ${JSON.stringify(values)}`, (t) => t.rich(key as never, { ...values, ...richTags } as never)]);
      }
      for (const [name, call] of calls) expectSame(ours, theirs, call, `${locale} ${path} ${name}`);
    }
  });
});

describe("dates, times and numbers in messages", () => {
  const messages = {
    when: {
      date: "{at, date} | {at, date, short} | {at, date, long} | {at, date, ::yyyyMMMdHHmm}",
      time: "{at, time} | {at, time, short} | {at, time, full}",
      number: "{n, number} | {n, number, percent} | {n, number, ::compact-short} | {n, number, integer}",
    },
  };
  const at = new Date(Date.UTC(2026, 11, 31, 20, 5, 9));

  it.each(LOCALES)("are formatted in the configured time zone (%s)", (locale) => {
    const catalog = new CatalogTranslator({ locale, messages, timeZone: TIME_ZONE, now: () => new Date(0) });
    const { ours, theirs } = pair(catalog, locale, messages, "when");
    for (const key of ["date", "time"]) expectSame(ours, theirs, (t) => t(key as never, { at } as never), key);
    expectSame(ours, theirs, (t) => t("number" as never, { n: 0.4567 } as never), "number");
    // 20:05 UTC is 01:35 the next day in Kolkata.
    expect(ours("date" as never, { at } as never)).toContain(locale === "en" ? "Jan 1, 2027" : "2027年1月1日");
  });
});

describe("rich text, markup and missing keys", () => {
  const catalog = new CatalogTranslator({ locale: "en", messages: MESSAGES.en, timeZone: TIME_ZONE, now: () => new Date(0) });
  const t = catalog.translator("datasets");

  it("formats tags through t.rich and t.markup", () => {
    const message = MESSAGES.en.datasets.report.ignoredFile;
    expect(message).toBe("<file>{name}</file>: {reason}");
    const rich = t.rich(
      "report.ignoredFile" as never,
      { name: "a.csv", reason: "empty", file: (chunks: unknown) => createElement("code", null, chunks as string) } as never,
    );
    expect(rich).toEqual([createElement("code", { key: "file0" }, ["a.csv"]), ": empty"]);
    const markup = t.markup(
      "report.ignoredFile" as never,
      { name: "a.csv", reason: "empty", file: (chunks: string) => `[${chunks}]` } as never,
    );
    expect(markup).toBe("[a.csv]: empty");
  });

  it("answers a missing key with its path and reports MISSING_MESSAGE once, as next-intl does", () => {
    const { result, errors } = observe(() => t("no.such.key" as never));
    expect(result).toBe("datasets.no.such.key");
    expect(errors).toEqual(["Error: MISSING_MESSAGE: Could not resolve `datasets.no.such.key` in messages for locale `en`."]);
  });

  it("answers a missing argument with the key and reports FORMATTING_ERROR once", () => {
    const { result, errors } = observe(() => t("report.ignoredFile" as never, { name: "a.csv" } as never));
    expect(result).toBe("datasets.report.ignoredFile");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Error: FORMATTING_ERROR: /);
  });
});
