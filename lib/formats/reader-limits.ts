// Limits every reader of outside files applies before the data can hurt the process: a line
// too long to hold as one string ("Invalid string length") and JSON nested so deep that any
// recursive walk of it (validation, JSON.stringify) overflows the stack. Both become a
// located problem like any other bad input: nothing is written, the server stays up.

import type { DomainMessage } from "../i18n/domain";

/** Longest line (JSONL record, backup record) or CSV field, in UTF-16 code units: ~32 MB of text, far above any real record. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;
/** Deepest JSON nesting accepted; ClinAudit's formats nest fewer than 10 levels. */
export const MAX_JSON_DEPTH = 64;
/** Most fields in one CSV record. */
export const MAX_CSV_FIELDS = 10_000;

// Caps on what one upload may make the importer inflate or hold for one patient (issue 31: an
// 18.6 MB discharge.csv.gz of 3.1 GB, 1.5 M rows for one patient, took the server to 4.3 GB).
// Over any of them the import is refused with a located problem and nothing is written.

/** Most bytes one compressed file may unpack to; CLINAUDIT_MAX_UNPACKED overrides (MIMIC-IV-Note's discharge.csv is ~3.3 GB). */
export const MAX_UNPACKED_BYTES = 8 * 2 ** 30;
/** Most unpacked bytes per compressed byte read so far; CLINAUDIT_MAX_UNPACK_RATIO overrides (text gzips 3-12×). */
export const MAX_UNPACK_RATIO = 100;
/** Unpacked bytes below which the ratio is not checked (a small, very repetitive file is harmless). */
export const UNPACK_RATIO_FLOOR = 64 * 2 ** 20;
/** Most discharge.csv rows of one patient (the join keeps three; real records have at most a few hundred). */
export const MAX_PATIENT_ROWS = 10_000;
/** Most note text of one patient across its discharge.csv rows, in UTF-16 code units. */
export const MAX_PATIENT_NOTE_CHARS = 64 * 2 ** 20;
/** Most characters of FHIR resources of one patient (a FHIR import's pass 2 holds one patient's whole). */
export const MAX_PATIENT_RECORD_CHARS = 128 * 2 ** 20;

export interface UnpackCaps {
  maxBytes: number;
  ratio: number;
  floor: number;
}

export const DEFAULT_UNPACK_CAPS: UnpackCaps = { maxBytes: MAX_UNPACKED_BYTES, ratio: MAX_UNPACK_RATIO, floor: UNPACK_RATIO_FLOOR };

export interface PatientCaps {
  rows: number;
  noteChars: number;
}

export const DEFAULT_PATIENT_CAPS: PatientCaps = { rows: MAX_PATIENT_ROWS, noteChars: MAX_PATIENT_NOTE_CHARS };

/** A count as the located messages write it: 1,048,576. */
export const fmt = (n: number) => n.toLocaleString("en-US");
/** Sizes in the caps' own units, e.g. "64 MiB". */
export const mib = (bytes: number) => `${fmt(Math.round((bytes / 2 ** 20) * 10) / 10)} MiB`;

/** Why `unpacked` bytes from the first `packed` compressed ones are over the caps, or null. */
export function unpackOverCap(unpacked: number, packed: number, caps: UnpackCaps): DomainMessage | null {
  const read = { unpacked: fmt(unpacked), packed: fmt(packed) };
  if (unpacked > caps.maxBytes) return { code: "formats.unpackTooBig", values: { ...read, cap: mib(caps.maxBytes) } };
  if (unpacked > caps.floor && unpacked > caps.ratio * packed)
    return { code: "formats.unpackBomb", values: { ...read, ratio: fmt(caps.ratio), floor: mib(caps.floor) } };
  return null;
}

/** A patient over the per-patient caps of a file that groups rows by patient. */
export function patientOverCap(patientId: string, file: string, over: "rows" | "text", caps: PatientCaps): DomainMessage {
  return { code: "formats.patientOverCap", values: { patient: patientId, file, over, rows: fmt(caps.rows), chars: fmt(caps.noteChars) } };
}

export function lineTooLong(length: number): DomainMessage {
  return { code: "formats.lineTooLong", values: { max: fmt(MAX_LINE_CHARS), length: fmt(length) } };
}

export function fieldTooLong(field: number): DomainMessage {
  return { code: "formats.fieldTooLong", values: { field: String(field), max: fmt(MAX_LINE_CHARS) } };
}

/**
 * Where `text` (JSON) first nests deeper than `maxDepth`, as an offset, or null. One pass
 * over the characters, skipping strings; it does not check the syntax (JSON.parse does).
 */
export function jsonTooDeepAt(text: string, maxDepth = MAX_JSON_DEPTH): number | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/** 1-based line and column of an offset in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let nl = text.indexOf("\n"); nl !== -1 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
    line++;
    start = nl + 1;
  }
  return { line, column: offset - start + 1 };
}

export function tooDeep(column?: number): DomainMessage {
  return { code: "formats.jsonTooDeep", values: { max: String(MAX_JSON_DEPTH), column: column ? fmt(column) : "none" } };
}

/**
 * JSON.parse's complaint about `text` in our words (its own are the engine's English): the
 * character it stopped at and where, or that the text ended too soon.
 */
export function jsonSyntax(text: string, engineMessage: string): { said: DomainMessage; offset?: number } {
  const at = /position (\d+)/.exec(engineMessage);
  if (!at) return { said: { code: /end of JSON input/.test(engineMessage) ? "formats.jsonEnded" : "formats.jsonInvalid" } };
  const offset = Number(at[1]);
  if (offset >= text.length) return { said: { code: "formats.jsonEnded" }, offset };
  const { line, column } = lineColumnAt(text, offset);
  const char = JSON.stringify(text[offset]);
  return { said: { code: "formats.jsonUnexpected", values: { char, line, column: fmt(column) } }, offset };
}

/** JSON.parse of one line or document, refusing depth beyond the limit first; the message is for the caller to locate. */
export function parseJsonWithin(text: string): { ok: true; value: unknown } | { ok: false; said: DomainMessage; offset?: number } {
  const deep = jsonTooDeepAt(text);
  if (deep !== null) return { ok: false, said: tooDeep(lineColumnAt(text, deep).column), offset: deep };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, ...jsonSyntax(text, (e as Error).message) };
  }
}
