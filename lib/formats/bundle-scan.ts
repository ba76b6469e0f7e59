// A streaming reader for JSON bundles ({ "format": …, "patients": [ … ], … }): the records of
// the named top-level arrays come out one at a time, each parsed on its own, so a 300 MB bundle
// never exists as one string or one object tree.
//
// Hand-written rather than a token-level streaming parser: it only finds where each record
// starts and ends (bracket depth, strings jumped over with indexOf) and hands the record's text
// to the native JSON.parse. On the full-size benchmark (308 MB) that is several times faster
// than @streamparser/json building the same values token by token (bench/README.md).
//
// Syntax errors are reported with the line they are on, as JSON.parse's message words them
// (positions made absolute) where JSON.parse sees them, else in our own words. The structure
// between records is checked here; the inside of each record by JSON.parse.
import {
  type Capture,
  type CaptureHost,
  captureValue,
  COLON,
  COMMA,
  CR,
  LBRACE,
  LBRACK,
  NL,
  QUOTE,
  RBRACE,
  RBRACK,
  SPACE,
  startCapture,
  TAB,
} from "./bundle-capture";
import type { Chunks } from "./csv";
import type { DomainMessage } from "../i18n/domain";
import { syntaxErrorLine } from "./json-locate";
import { jsonSyntax } from "./reader-limits";

export type BundleEvent =
  /** A top-level member that is not a streamed array, parsed whole. */
  | { kind: "member"; key: string; value: unknown; text: string; line: number }
  /** A streamed array starts (`line` of its `[`). */
  | { kind: "array"; key: string; line: number }
  /** One element of a streamed array; `text` is its source, starting on `line`. */
  | { kind: "record"; key: string; index: number; value: unknown; text: string; line: number }
  /** The root object opens on `line`. */
  | { kind: "open"; line: number }
  /** The root is not an object: it is parsed whole (such a file is refused by the schema anyway). */
  | { kind: "root"; value: unknown; text: string; line: number }
  /** A syntax error; nothing follows it. */
  | { kind: "error"; line: number; said: DomainMessage };

export interface ScanOptions {
  /** Top-level keys whose array value is streamed element by element. */
  arrays: readonly string[];
  /** Records wanted (default all); the others are only scanned past (not parsed, no event). */
  wanted?: (key: string, index: number) => boolean;
}

const BOM = 0xfeff;
const isWs = (ch: number) => ch === SPACE || ch === NL || ch === CR || ch === TAB;

/** What the scan wanted where it found something else (formats.bundleUnexpected words each). */
type Expected = "none" | "propertyName" | "colon" | "afterElement" | "afterMember" | "nothingAfter" | "value";

// Where the skeleton around the records is.
const ROOT = 0,
  FIRST_KEY = 1,
  KEY = 2,
  COLON_NEXT = 3,
  VALUE = 4,
  FIRST_ELEM = 5,
  ELEM = 6,
  ELEM_END = 7,
  MEMBER_END = 8,
  AFTER_ROOT = 9,
  DONE = 10;

class Scanner implements CaptureHost {
  private state = ROOT;
  line = 1;
  private key = "";
  private index = 0;
  private cap: Capture | undefined;
  private atStart = true;
  readonly out: BundleEvent[] = [];

  constructor(private readonly options: ScanOptions) {}

  get done(): boolean {
    return this.state === DONE;
  }

  push(c: string): void {
    let i = 0;
    if (this.atStart && c.length > 0) {
      this.atStart = false;
      if (c.charCodeAt(0) === BOM) i = 1; // a byte-order mark is not part of the JSON text
    }
    if (this.cap) {
      this.cap.from = 0;
      i = captureValue(this, this.cap, c, i);
    }
    const n = c.length;
    while (i < n && this.state !== DONE) {
      if (this.cap) {
        i = captureValue(this, this.cap, c, i);
        continue;
      }
      const ch = c.charCodeAt(i);
      if (isWs(ch)) {
        if (ch === NL) this.line++;
        i++;
        continue;
      }
      i = this.skeleton(c, i, ch);
    }
    if (this.cap?.keep) this.cap.parts.push(c.slice(this.cap.from));
  }

  end(): void {
    if (this.state === DONE) return;
    if (this.cap?.scalar) {
      this.finish(""); // a number or literal ends with the input
      if (this.state === DONE) return;
    }
    if (this.state !== AFTER_ROOT) this.fail({ code: "formats.bundleEnded", values: { line: this.line } });
    this.state = DONE;
  }

  /** One character of the structure around the records. Returns the next index. */
  private skeleton(c: string, i: number, ch: number): number {
    switch (this.state) {
      case ROOT:
        if (ch === LBRACE) {
          this.state = FIRST_KEY;
          this.out.push({ kind: "open", line: this.line });
        } else this.begin(c, i, "root", true);
        return ch === LBRACE ? i + 1 : i;
      case FIRST_KEY:
      case KEY:
        if (ch === RBRACE && this.state === FIRST_KEY) {
          this.state = AFTER_ROOT;
          return i + 1;
        }
        if (ch !== QUOTE) return this.unexpected(ch, "propertyName");
        this.begin(c, i, "key", true);
        return i;
      case COLON_NEXT:
        if (ch !== COLON) return this.unexpected(ch, "colon");
        this.state = VALUE;
        return i + 1;
      case VALUE:
        if (ch === LBRACK && this.options.arrays.includes(this.key)) {
          this.out.push({ kind: "array", key: this.key, line: this.line });
          this.index = 0;
          this.state = FIRST_ELEM;
          return i + 1;
        }
        this.begin(c, i, "member", true);
        return i;
      case FIRST_ELEM:
      case ELEM:
        if (ch === RBRACK && this.state === FIRST_ELEM) {
          this.state = MEMBER_END;
          return i + 1;
        }
        this.begin(c, i, "record", this.options.wanted?.(this.key, this.index) ?? true);
        return i;
      case ELEM_END:
        if (ch === COMMA) this.state = ELEM;
        else if (ch === RBRACK) {
          this.state = MEMBER_END;
        } else return this.unexpected(ch, "afterElement");
        return i + 1;
      case MEMBER_END:
        if (ch === COMMA) this.state = KEY;
        else if (ch === RBRACE) this.state = AFTER_ROOT;
        else return this.unexpected(ch, "afterMember");
        return i + 1;
      default: // AFTER_ROOT
        return this.unexpected(ch, "nothingAfter");
    }
  }

  private begin(c: string, i: number, target: Capture["target"], keep: boolean): void {
    const cap = startCapture(c, i, { target, key: this.key, index: this.index, line: this.line, keep });
    if (cap) this.cap = cap;
    else this.unexpected(c.charCodeAt(i), "value");
  }

  /** A member or record is complete: parse it (the last piece of its text is `tail`). */
  finish(tail: string): void {
    const cap = this.cap as Capture;
    this.cap = undefined;
    if (!cap.keep) {
      this.afterValue(cap);
      return;
    }
    const text = cap.parts.length === 0 ? tail : cap.parts.join("") + tail;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      this.syntax(text, cap.line, (e as Error).message);
      return;
    }
    if (cap.target === "key") {
      this.key = value as string;
      this.state = COLON_NEXT;
      return;
    }
    if (cap.target === "record") this.out.push({ kind: "record", key: cap.key, index: cap.index, value, text, line: cap.line });
    else if (cap.target === "member") this.out.push({ kind: "member", key: cap.key, value, text, line: cap.line });
    else this.out.push({ kind: "root", value, text, line: cap.line });
    this.afterValue(cap);
  }

  private afterValue(cap: Capture): void {
    if (cap.target === "record") {
      this.index++;
      this.state = ELEM_END;
    } else this.state = cap.target === "root" ? AFTER_ROOT : MEMBER_END;
  }

  /**
   * The scan found the value broken at `at` (a mismatched bracket, a character that cannot be
   * there, a line break in a string): JSON.parse of the text up to there says how.
   */
  broken(c: string, at: number, cap: Capture): number {
    this.cap = undefined;
    if (!cap.keep) {
      this.unexpected(c.charCodeAt(at), "none");
      return c.length;
    }
    cap.parts.push(c.slice(cap.from, at + 1));
    const text = cap.parts.join("");
    try {
      JSON.parse(text);
      this.unexpected(c.charCodeAt(at), "none");
    } catch (e) {
      this.syntax(text, cap.line, (e as Error).message);
    }
    return c.length;
  }

  /** JSON.parse's message about `text` (which starts on `line`), its position made absolute. */
  private syntax(text: string, line: number, message: string): void {
    const { said } = jsonSyntax(text, message);
    const at = line + (syntaxErrorLine(text, message) ?? 1) - 1;
    const values = { ...said.values, line: at };
    const code =
      said.code === "formats.jsonUnexpected"
        ? "formats.bundleUnexpectedAt"
        : said.code === "formats.jsonEnded"
          ? "formats.bundleEnded"
          : "formats.bundleInvalid";
    this.out.push({ kind: "error", line: at, said: { code, values } });
    this.state = DONE;
  }

  private unexpected(ch: number, expected: Expected): number {
    if (Number.isNaN(ch)) this.fail({ code: "formats.bundleEnded", values: { line: this.line } });
    else
      this.fail({
        code: "formats.bundleUnexpected",
        values: { char: JSON.stringify(String.fromCharCode(ch)), expected, key: String(this.key), line: this.line },
      });
    return Number.MAX_SAFE_INTEGER;
  }

  /** An error on the current line. */
  fail(said: DomainMessage): void {
    this.out.push({ kind: "error", line: this.line, said });
    this.cap = undefined;
    this.state = DONE;
  }
}

/** The members and streamed records of a bundle, in file order; stops at the first syntax error. */
export async function* scanBundle(chunks: Chunks, options: ScanOptions): AsyncGenerator<BundleEvent> {
  const scanner = new Scanner(options);
  for await (const chunk of chunks) {
    scanner.push(chunk);
    if (scanner.out.length > 0) yield* scanner.out.splice(0);
    if (scanner.done) return;
  }
  scanner.end();
  yield* scanner.out.splice(0);
}
