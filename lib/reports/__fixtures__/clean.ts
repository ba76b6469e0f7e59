/**
 * "No NaN, no undefined in any export": the engine's own notes, in the English the exports write,
 * legitimately say a coefficient "is undefined", so they are removed (raw and Markdown-escaped)
 * before checking; any other "NaN", "Infinity" or "undefined" is a leak.
 */
import { expect } from "vitest";
import { isEngineNote } from "../../agreement/notes";
import { english } from "../../i18n/domain";
import { mdText } from "../export-markdown";
import type { AuditReport } from "../types";

export function engineNotes(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => engineNotes(v, out));
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "note" && isEngineNote(v)) out.add(english(v));
      else engineNotes(v, out);
    }
  }
  return out;
}

export function expectClean(text: string, report: AuditReport): void {
  let rest = text;
  for (const note of [...engineNotes(report)].sort((a, b) => b.length - a.length)) {
    rest = rest.split(note).join("").split(mdText(note)).join("");
  }
  expect(rest).not.toMatch(/NaN|Infinity|undefined|\[object /);
}
