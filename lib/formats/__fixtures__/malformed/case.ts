// One malformed input (files) and where its problem must be reported (expected), plus the
// serializers and independent line oracles the mutations use to say where that is.
import fc from "fast-check";
import { csvRow } from "../../csv";
import type { Rec } from "./bases";

export type Gen = fc.GeneratorValue;
export type Path = (string | number)[];

/** The issue that must be among the reported ones. */
export interface Expected {
  file: string;
  field: string;
  line?: number;
  record?: number;
  message?: RegExp;
}

export interface Case {
  /** Which mutation made it (shown when a property fails). */
  label: string;
  /** File name → text, or bytes when the mutation works below the text (invalid UTF-8). */
  files: Record<string, string | Uint8Array>;
  expected: Expected;
}

/** Where a record-level mutation broke a record: its file role, index, and the path inside it. */
export interface Target {
  role: string;
  index: number;
  path: Path;
  message?: RegExp;
}

/** A mutation that finds nothing to work on in this base throws this: the run is skipped. */
export class NothingToPick extends Error {}

export function pick<T>(g: Gen, items: readonly T[]): T {
  if (items.length === 0) throw new NothingToPick();
  return items[g(fc.nat, { max: items.length - 1 })] as T;
}
export const chance = (g: Gen): boolean => g(fc.boolean);
export const indexed = <T>(list: T[]) => list.map((item, index) => ({ item, index }));

/** `a[1].b` from ["a", 1, "b"]; the whole record is "(record)". */
export function fieldOf(path: Path): string {
  const s = path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`))
    .join("")
    .replace(/^\./, "");
  return s === "" ? "(record)" : s;
}

export const jsonl = (records: readonly unknown[]): string => records.map((r) => JSON.stringify(r)).join("\n") + "\n";

export function csvText(columns: readonly string[], rows: readonly Rec[]): string {
  return csvRow(columns) + rows.map((r) => csvRow(columns.map((c) => r[c] ?? ""))).join("");
}

/** Physical line on which data row `index` of `csvText(columns, rows)` starts. */
export function csvLineOf(columns: readonly string[], rows: readonly Rec[], index: number): number {
  return lineAt(csvText(columns, rows.slice(0, index)), Number.MAX_SAFE_INTEGER);
}

/** 1-based line of character offset `pos` (clamped to the text). */
export function lineAt(text: string, pos: number): number {
  let line = 1;
  const end = Math.min(pos, text.length);
  for (let k = text.indexOf("\n"); k !== -1 && k < end; k = text.indexOf("\n", k + 1)) line++;
  return line;
}

export const lineCount = (text: string): number => lineAt(text, text.length);

// ---- JSON bundles: JSON.stringify(root, null, indent) puts every key and array element on
// its own line, so the line of a path follows from the sizes of what precedes it.

function linesOf(v: unknown): number {
  if (v === null || typeof v !== "object") return 1;
  const kids = Array.isArray(v) ? v : Object.values(v);
  return kids.length === 0 ? 1 : 2 + kids.reduce((sum: number, k) => sum + linesOf(k), 0);
}

/** Line where the value at `path` starts (or its deepest existing ancestor); 1 when minified. */
export function jsonLineOf(root: unknown, path: Path, pretty: boolean): number {
  if (!pretty) return 1;
  let line = 1;
  let v: unknown = root;
  for (const seg of path) {
    if (v === null || typeof v !== "object") break;
    const keys = Array.isArray(v) ? v.map((_, k) => k) : Object.keys(v);
    const at = keys.indexOf(seg as never);
    if (at === -1) break;
    const values = keys.map((k) => (v as Record<string | number, unknown>)[k]);
    line += 1 + values.slice(0, at).reduce((sum: number, k) => sum + linesOf(k), 0);
    v = values[at];
  }
  return line;
}

export const INDENTS = [0, 1, 2, "\t"] as const;
export const jsonText = (root: unknown, indent: (typeof INDENTS)[number]): string => JSON.stringify(root, null, indent || undefined);

// ---- invalid UTF-8 ---------------------------------------------------------------

export const MARK = "@@INVALID-UTF8@@";

/** Byte sequences that are not UTF-8: stray bytes, truncated and overlong forms, surrogates, > U+10FFFF. */
export const INVALID_UTF8 = [
  [0xff],
  [0xfe],
  [0x80],
  [0xc3],
  [0xc0, 0xaf],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf0, 0x9f, 0x98],
  [0xf4, 0x90, 0x80, 0x80],
];

/** The text's UTF-8 bytes with `MARK` (placed inside a string value) replaced by invalid bytes. */
export function corruptMark(text: string, bad: readonly number[]): Uint8Array {
  const at = text.indexOf(MARK);
  if (at === -1) throw new Error("mutation did not place the marker");
  const before = Buffer.from(text.slice(0, at), "utf8");
  const after = Buffer.from(text.slice(at + MARK.length), "utf8");
  return Buffer.concat([before, Buffer.from(bad), after]);
}
