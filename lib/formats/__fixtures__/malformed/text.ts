// Mutations below the records: truncated or garbled lines, non-object JSONL lines, broken
// JSON bundles, mangled CSV quoting and field counts, bad headers, and invalid UTF-8.
import fc from "fast-check";
import { csvField, csvRow } from "../../csv";
import type { Rec } from "./bases";
import { corruptMark, csvLineOf, INVALID_UTF8, lineAt, lineCount, MARK, pick, type Case, type Expected, type Gen } from "./case";
import { pickIndex, render, renderAll, stringLeaves, type FileModel } from "./files";
import { get, set } from "./values";

type Mutated = { text: string | Uint8Array; expected: Omit<Expected, "file"> };
type TextMutation<M> = (m: M, g: Gen) => Mutated | undefined;
type Jsonl = Extract<FileModel, { kind: "jsonl" }>;
type Csv = Extract<FileModel, { kind: "csv" }>;
type Bundle = Extract<FileModel, { kind: "bundle" }>;

/** A string value of `record` with the invalid-UTF-8 marker appended; the text is rendered after. */
function markString(g: Gen, record: unknown): boolean {
  const leaves = stringLeaves(record);
  if (leaves.length === 0) return false;
  const path = pick(g, leaves);
  set(record as Rec, path, `${get(record, path) as string}${MARK}`);
  return true;
}

function invalidUtf8(g: Gen, text: string): Mutated {
  return { text: corruptMark(text, pick(g, INVALID_UTF8)), expected: { field: "(encoding)", line: lineAt(text, text.indexOf(MARK)) } };
}

function replaceLine(m: Jsonl, k: number, line: string): string {
  const lines = render(m).split("\n");
  lines[k] = line;
  return lines.join("\n");
}

const JSONL: Record<string, TextMutation<Jsonl>> = {
  "truncated line": (m, g) => {
    const k = pickIndex(g, m.records.length, m.detectedByFirstLine ? 1 : 0);
    const full = JSON.stringify(m.records[k]);
    return {
      text: replaceLine(m, k, full.slice(0, pickIndex(g, full.length, 1))),
      expected: { field: "(json)", line: k + 1, record: k + 1 },
    };
  },
  "garbage line": (m, g) => {
    const k = pickIndex(g, m.records.length, m.detectedByFirstLine ? 1 : 0);
    const junk = g(fc.constantFrom, "{", "}", '{"a":}', "not json", "[1,", "{'a': 1}", "NaN", '{"a": 1}}', "\u0000", '{"a": "unterminated');
    return { text: replaceLine(m, k, junk), expected: { field: "(json)", line: k + 1, record: k + 1 } };
  },
  "line is not an object": (m, g) => {
    const k = pickIndex(g, m.records.length, m.detectedByFirstLine ? 1 : 0);
    const value = g(fc.constantFrom, "42", "[]", '"text"', "null", "true", "[{}]");
    return { text: replaceLine(m, k, value), expected: { field: "(record)", line: k + 1, record: k + 1 } };
  },
  "invalid UTF-8": (m, g) => (markString(g, pick(g, m.records)) ? invalidUtf8(g, render(m)) : undefined),
};

/** Row k with cell `column` written raw (its quoting broken on purpose). */
function withRawCell(m: Csv, k: number, column: string, raw: string): string {
  const lines = m.rows.map((r, i) =>
    i === k
      ? m.columns.map((c) => (c === column ? raw : csvField(String(r[c] ?? "")))).join(",") + "\n"
      : csvRow(m.columns.map((c) => String(r[c] ?? ""))),
  );
  return csvRow(m.columns) + lines.join("");
}

const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

const CSV: Record<string, TextMutation<Csv>> = {
  "stray quote in an unquoted field": (m, g) => {
    const cells = m.rows.flatMap((r, k) =>
      m.columns.filter((c) => /^[^",\r\n]{2,}$/.test(String(r[c]))).map((c) => ({ k, c, v: String(r[c]) })),
    );
    if (cells.length === 0) return undefined;
    const { k, c, v } = pick(g, cells);
    const at = pickIndex(g, v.length, 1);
    return {
      text: withRawCell(m, k, c, `${v.slice(0, at)}"${v.slice(at)}`),
      expected: { field: "(csv)", line: csvLineOf(m.columns, m.rows, k), record: k + 1, message: /stray quote/ },
    };
  },
  "text after a closing quote": (m, g) => {
    const k = pickIndex(g, m.rows.length);
    const c = pick(g, m.columns);
    const raw = `${quoted(String(m.rows[k]![c] ?? ""))}${g(fc.constantFrom, "x", " ", "'", "1")}`;
    return {
      text: withRawCell(m, k, c, raw),
      expected: { field: "(csv)", line: csvLineOf(m.columns, m.rows, k), record: k + 1, message: /after closing quote/ },
    };
  },
  "unterminated quote": (m) => {
    const k = m.rows.length - 1;
    const c = m.columns[m.columns.length - 1]!;
    const raw = quoted(String(m.rows[k]![c] ?? "")).slice(0, -1);
    return {
      text: withRawCell(m, k, c, raw),
      expected: { field: "(csv)", line: csvLineOf(m.columns, m.rows, k), record: k + 1, message: /unterminated/ },
    };
  },
  "a field too few or too many": (m, g) => {
    const k = pickIndex(g, m.rows.length);
    const cells = m.columns.map((c) => String(m.rows[k]![c] ?? ""));
    if (g(fc.boolean)) cells.splice(pickIndex(g, cells.length), 1);
    else cells.splice(pickIndex(g, cells.length + 1, 0), 0, "extra");
    const rows = m.rows.map((r, i) => (i === k ? cells.map(csvField).join(",") + "\n" : csvRow(m.columns.map((c) => String(r[c] ?? "")))));
    return {
      text: csvRow(m.columns) + rows.join(""),
      expected: { field: "(csv)", line: csvLineOf(m.columns, m.rows, k), record: k + 1, message: /fields, header has/ },
    };
  },
  "header without a column": (m, g) => {
    const header = [...m.columns];
    header.splice(pickIndex(g, header.length), 1, ...(g(fc.boolean) ? [] : ["renamed_column"]));
    return {
      text: csvRow(header) + render(m).split("\n").slice(1).join("\n"),
      expected: { field: "(header)", line: 1, message: /missing column/ },
    };
  },
  "header with a duplicate column": (m, g) => {
    const header = [...m.columns];
    const k = pickIndex(g, header.length, 1);
    header[k] = header[pickIndex(g, k)]!;
    return {
      text: csvRow(header) + render(m).split("\n").slice(1).join("\n"),
      expected: { field: "(header)", line: 1, message: /duplicate column/ },
    };
  },
  "empty file": () => ({ text: "", expected: { field: "(header)", line: 1, message: /empty file/ } }),
  "invalid UTF-8": (m, g) => {
    const k = pickIndex(g, m.rows.length);
    const c = pick(g, m.columns);
    m.rows[k]![c] = `${m.rows[k]![c] ?? ""}${MARK}`;
    return invalidUtf8(g, render(m));
  },
};

/** Offsets just after a structural character outside strings: whatever comes next is wrong there. */
function structuralOffsets(text: string): number[] {
  const out: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[" || c === "," || c === ":") out.push(i + 1);
  }
  return out;
}

const BUNDLE: Record<string, TextMutation<Bundle>> = {
  truncated: (m, g) => {
    const full = render(m);
    const text = full.slice(0, g(fc.integer, { min: Math.min(200, full.length - 1), max: full.length - 1 }));
    return { text, expected: { field: "(json)", line: lineCount(text) } };
  },
  "stray character": (m, g) => {
    const full = render(m);
    // Not inside the `"format": …` declaration: broken there, the upload is not recognized at all (a "(format)" issue).
    const at = pick(
      g,
      structuralOffsets(full).filter((k) => k > full.indexOf('"format_version"')),
    );
    let junk = g(fc.constantFrom, "#", "}", "]", ",", ":", "'x'", "undefined");
    if (`${full[at - 1]}${junk}` === "{}" || `${full[at - 1]}${junk}` === "[]") junk = "#"; // would still be valid JSON here
    return { text: full.slice(0, at) + junk + full.slice(at), expected: { field: "(json)", line: lineAt(full, at) } };
  },
  "invalid UTF-8": (m, g) => {
    const arrays = Object.values(m.root).filter((v): v is Rec[] => Array.isArray(v) && v.length > 0);
    return arrays.length > 0 && markString(g, pick(g, pick(g, arrays))) ? invalidUtf8(g, render(m)) : undefined;
  },
};

/** One textual mutation of one of the files; the others stay valid. */
export function textCase(g: Gen, models: FileModel[], label: string): Case | undefined {
  const m = pick(g, models);
  const table = (m.kind === "jsonl" ? JSONL : m.kind === "csv" ? CSV : BUNDLE) as Record<string, TextMutation<FileModel>>;
  const name = pick(g, Object.keys(table));
  const mutated = table[name]!(m, g);
  if (!mutated) return undefined;
  return {
    label: `${label}: ${m.name}: ${name}`,
    files: { ...renderAll(models), [m.name]: mutated.text },
    expected: { file: m.name, ...mutated.expected },
  };
}
