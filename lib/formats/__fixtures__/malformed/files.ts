// The files of a case as records (JSONL lines, CSV rows, or one JSON bundle), rendered to
// text, and the expected location of a record-level target in them.
import fc from "fast-check";
import type { Rec } from "./bases";
import {
  csvLineOf,
  csvText,
  fieldOf,
  INDENTS,
  jsonl,
  jsonLineOf,
  jsonText,
  pick,
  type Case,
  type Gen,
  type Path,
  type Target,
} from "./case";

export type FileModel =
  | { kind: "jsonl"; name: string; role: string; records: Rec[]; detectedByFirstLine?: boolean }
  | { kind: "csv"; name: string; role: string; columns: string[]; rows: Rec[] }
  | { kind: "bundle"; name: string; root: Rec; indent: (typeof INDENTS)[number] };

export const bundleModel = (g: Gen, name: string, root: Rec): FileModel => ({ kind: "bundle", name, root, indent: pick(g, INDENTS) });

export function render(f: FileModel): string {
  switch (f.kind) {
    case "jsonl":
      return jsonl(f.records);
    case "csv":
      return csvText(f.columns, f.rows);
    case "bundle":
      return jsonText(f.root, f.indent);
  }
}

export function renderAll(models: readonly FileModel[]): Record<string, string> {
  return Object.fromEntries(models.map((m) => [m.name, render(m)]));
}

/** The case of a record-level mutation: every file rendered, the target located in its file. */
export function targetCase(label: string, models: readonly FileModel[], t: Target): Case {
  const m = models.find((x) => x.kind === "bundle" || x.role === t.role);
  if (!m) throw new Error(`no file for role ${t.role}`);
  const expected = (() => {
    switch (m.kind) {
      case "bundle": {
        const full: Path = t.role === "" ? t.path : [t.role, t.index, ...t.path];
        return { file: m.name, field: fieldOf(full), line: jsonLineOf(m.root, full, m.indent !== 0) };
      }
      case "jsonl":
        return { file: m.name, field: fieldOf(t.path), line: t.index + 1, record: t.index + 1 };
      case "csv":
        return { file: m.name, field: fieldOf(t.path), line: csvLineOf(m.columns, m.rows, t.index), record: t.index + 1 };
    }
  })();
  return { label, files: renderAll(models), expected: t.message ? { ...expected, message: t.message } : expected };
}

/** Paths of every string inside a JSON value (keys are not included). */
export function stringLeaves(v: unknown, path: Path = []): Path[] {
  if (typeof v === "string") return [path];
  if (v === null || typeof v !== "object") return [];
  const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, k) => [k, x]) : Object.entries(v);
  return entries.flatMap(([k, x]) => stringLeaves(x, [...path, k]));
}

export const pickIndex = (g: Gen, length: number, from = 0): number => g(fc.integer, { min: from, max: length - 1 });
