// Messages of the pure libraries (lib/formats, lib/sampling, lib/evaluation, lib/agreement, …):
// a domain says what went wrong as a code with values, never as an English sentence. The words
// live once, in the `domain` catalog (messages/<locale>/domain.json): the web translates a code
// in the reader's language, and `english` words it for the command line, logs and the exports
// that stay English.
import { IntlMessageFormat } from "intl-messageformat";
// With its type: the browser flows (Playwright, native ESM) import lib/sampling, which says its errors here.
import enDomain from "@/messages/en/domain.json" with { type: "json" };

type Catalog = typeof enDomain;

/** A message of the `domain` catalog by its path below it ("sampling.emptyFrame"). */
export type DomainCode = { [G in keyof Catalog]: `${G & string}.${keyof Catalog[G] & string}` }[keyof Catalog];

export type DomainValues = Record<string, string | number>;

export interface DomainMessage {
  code: DomainCode;
  values?: DomainValues;
}

export const domainMessage = (code: DomainCode, values?: DomainValues): DomainMessage => (values ? { code, values } : { code });

const compiled = new Map<string, IntlMessageFormat>();

/** The English words of a domain message (the one English renderer). */
export function english(message: DomainMessage): string {
  let format = compiled.get(message.code);
  if (!format) {
    const [group, key] = message.code.split(".") as [keyof Catalog, string];
    const text = (enDomain[group] as Record<string, string>)[key];
    if (text === undefined) throw new Error(`unknown domain message ${message.code}`);
    format = new IntlMessageFormat(text, "en");
    compiled.set(message.code, format);
  }
  return String(format.format(message.values));
}

/** The full catalog key of a domain message, for a translator over every namespace. */
export const catalogKey = (message: DomainMessage): `domain.${DomainCode}` => `domain.${message.code}`;
