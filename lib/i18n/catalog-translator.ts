// The server's translator for one catalog, locale and time zone, kept for the life of the
// process. next-intl's getTranslations makes a new message cache and new Intl formatters per
// request, so every request parses again each ICU message it shows (and builds its Intl.*
// objects again); and each t(key, values) call serialises its arguments into a memo key. Our
// catalogs do not change while the server runs, so here every message is compiled once per
// (locale, key) and formatted directly.
//
// Only plain t(key) / t(key, values) calls take that path. Everything else — t.rich, t.markup,
// t.raw, t.has, custom formats, and any call the fast path cannot answer with a string (a
// missing key, a malformed message, a missing argument, a value that is a function or an
// element) — goes to use-intl's own translator, built on the same process-wide cache and
// formatters: the same output, the same fallback and the same onError report as next-intl.
import { IntlMessageFormat } from "intl-messageformat";
import { type AbstractIntlMessages, _createCache, _createIntlFormatters, createFormatter, createTranslator } from "use-intl/core";
import { processWide } from "../process-wide";
import type { Locale } from "./locales";
import { MESSAGES } from "./messages";

/** use-intl's translator for an untyped catalog; lib/i18n/server.ts gives it the catalog's key types. */
export type UntypedTranslator = ReturnType<typeof createTranslator<AbstractIntlMessages, never>>;
export type Formatter = ReturnType<typeof createFormatter>;

type Options = {
  locale: Locale;
  messages: AbstractIntlMessages;
  timeZone: string;
  /** The time `format.relativeTime` counts from when not given one (read on each such call). */
  now: () => Date;
};

/** A catalog message: its text, whether it can be shown as it is, and its compiled form once made. */
type Entry = { message: string; plain: boolean; compiled?: IntlMessageFormat | null };

/** use-intl's rule (format-message): with no values, text without ICU syntax is shown as it is. */
function isPlain(message: string): boolean {
  return message !== "" && !/'[{}<#|']/.test(message) && !/<|{/.test(message);
}

/** The message at a dotted path, if it is a string. */
function lookUp(messages: AbstractIntlMessages, path: string): string | undefined {
  let node: unknown = messages;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export class CatalogTranslator {
  private readonly options: Options;
  private readonly cache = _createCache();
  private readonly formatters = _createIntlFormatters(this.cache);
  /** Only keys that resolve to a message are kept: at most the catalog's size. */
  private readonly entries = new Map<string, Entry>();
  private readonly translators = new Map<string, UntypedTranslator>();
  /** intl-messageformat's formats and formatters, as use-intl sets them (convertFormatsToIntlMessageFormat). */
  private readonly messageFormats: ConstructorParameters<typeof IntlMessageFormat>[2];
  private readonly messageFormatters: NonNullable<ConstructorParameters<typeof IntlMessageFormat>[3]>["formatters"];
  readonly formatter: Formatter;

  constructor(options: Options) {
    this.options = options;
    const { locale, timeZone, now } = options;
    const inZone = (formats: Record<string, Intl.DateTimeFormatOptions>) =>
      Object.fromEntries(Object.entries(formats).map(([name, format]) => [name, { timeZone, ...format }]));
    this.messageFormats = { date: inZone(IntlMessageFormat.formats.date), time: inZone(IntlMessageFormat.formats.time), number: {} };
    const formatters = this.formatters;
    this.messageFormatters = {
      ...formatters,
      getDateTimeFormat: (locales, dateTimeOptions) =>
        formatters.getDateTimeFormat(locales, { ...dateTimeOptions, timeZone: dateTimeOptions?.timeZone ?? timeZone }),
    };
    this.formatter = createFormatter({
      locale,
      timeZone,
      _cache: this.cache,
      _formatters: formatters,
      get now() {
        return now();
      },
    });
  }

  /** The translator for `namespace` (dotted, or none for the whole catalog); made once. */
  translator(namespace?: string): UntypedTranslator {
    const name = namespace ?? "";
    let translator = this.translators.get(name);
    if (!translator) {
      translator = this.make(namespace);
      this.translators.set(name, translator);
    }
    return translator;
  }

  private make(namespace: string | undefined): UntypedTranslator {
    const { locale, messages, timeZone } = this.options;
    const base = createTranslator({ locale, messages, timeZone, namespace, _cache: this.cache, _formatters: this.formatters });
    const prefix = namespace ? `${namespace}.` : "";
    const t = ((key: string, values?: Record<string, unknown>, formats?: unknown, fallback?: string) =>
      (formats === undefined && fallback === undefined ? this.fast(`${prefix}${key}`, values) : undefined) ??
      (base as (...args: unknown[]) => string)(key, values, formats, fallback)) as UntypedTranslator;
    t.rich = base.rich;
    t.markup = base.markup;
    t.raw = base.raw;
    t.has = base.has;
    return t;
  }

  /** The formatted message, or undefined when use-intl's translator must answer (see the top). */
  private fast(key: string, values: Record<string, unknown> | undefined): string | undefined {
    const entry = this.entry(key);
    if (!entry) return undefined;
    if (!values && entry.plain) return entry.message;
    if (values && Object.values(values).some((value) => typeof value === "function")) return undefined;
    const compiled = this.compiled(entry);
    if (!compiled) return undefined;
    try {
      const formatted = compiled.format(values as Parameters<IntlMessageFormat["format"]>[0]);
      return typeof formatted === "string" ? formatted : undefined;
    } catch {
      return undefined;
    }
  }

  private entry(key: string): Entry | undefined {
    let entry = this.entries.get(key);
    if (!entry) {
      const message = lookUp(this.options.messages, key);
      if (message === undefined) return undefined;
      entry = { message, plain: isPlain(message) };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private compiled(entry: Entry): IntlMessageFormat | null {
    if (entry.compiled === undefined) {
      try {
        entry.compiled = new IntlMessageFormat(entry.message, this.options.locale, this.messageFormats, {
          formatters: this.messageFormatters,
        });
      } catch {
        entry.compiled = null;
      }
    }
    return entry.compiled;
  }
}

/**
 * The translators of one kind kept for the life of the process (`name`: its key in lib/process-wide),
 * one per locale and time zone, each for MESSAGES[locale], made on first use. `now`: Options.now.
 */
export function keptCatalogs(name: string, now: () => Date): (locale: Locale, timeZone: string) => CatalogTranslator {
  const catalogs = processWide(name, () => new Map<string, CatalogTranslator>());
  return (locale, timeZone) => {
    const key = `${locale}\n${timeZone}`;
    let catalog = catalogs.get(key);
    if (!catalog) {
      catalog = new CatalogTranslator({ locale, messages: MESSAGES[locale], timeZone, now });
      catalogs.set(key, catalog);
    }
    return catalog;
  };
}
