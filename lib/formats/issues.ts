// Located validation issues. Importers never stop at the first problem: a
// curator fixing a 100 MB release needs the whole list (capped) in one pass.
import type { z } from "zod";
import { type DomainCode, type DomainMessage, type DomainValues, english } from "../i18n/domain";

export interface FormatIssue {
  file: string;
  /** Physical 1-based line (JSONL/CSV: where the record starts; JSON bundle: where the value starts). */
  line?: number;
  /** 1-based record number within the file (JSONL lines / CSV data rows). */
  record?: number;
  /** Bundle: full record path (`patients[3].events[17].time`); JSONL: path inside the record; CSV: column. */
  field: string;
  /** What is wrong, as a domain code with values (messages/<locale>/domain.json): the web words it per language. */
  code: DomainCode;
  values?: DomainValues;
  /** Its English (the command line, logs); reports stored before codes have only this. */
  message: string;
}

export const DEFAULT_MAX_ISSUES = 200;

/** Collects issues up to a cap while still counting every one. */
export class IssueLog {
  readonly issues: FormatIssue[] = [];
  total = 0;
  constructor(readonly cap: number = DEFAULT_MAX_ISSUES) {}

  add(issue: FormatIssue): void {
    this.total++;
    if (this.issues.length < this.cap) this.issues.push(issue);
  }

  /**
   * Adds `other`'s issues as if they had been logged at position `at`, before the issues logged
   * since (a bundle's header is checked after its records were read, but reported first).
   */
  insertAt(at: number, other: IssueLog): void {
    this.total += other.total;
    this.issues.splice(at, 0, ...other.issues);
    this.issues.length = Math.min(this.issues.length, this.cap);
  }

  get empty(): boolean {
    return this.total === 0;
  }
}

/** Where a record lives; `path` is the bundle prefix (e.g. `patients[3]`) or "" for line-based files. */
export interface Where {
  file: string;
  line?: number;
  record?: number;
  path: string;
}

export type PathSegment = string | number;

export function joinPath(prefix: string, field: PathSegment | string): string {
  if (typeof field === "number") return `${prefix}[${field}]`;
  if (field === "") return prefix;
  if (prefix === "") return field;
  return field.startsWith("[") ? prefix + field : `${prefix}.${field}`;
}

export function formatPath(segments: readonly PropertyKey[]): string {
  let out = "";
  for (const s of segments) out = joinPath(out, typeof s === "number" ? s : String(s));
  return out;
}

/** A located issue: where it is and what is wrong (the English rendered once, from the catalog). */
export function located(at: { file: string; line?: number; record?: number; field: string }, said: DomainMessage): FormatIssue {
  const issue: FormatIssue = { file: at.file, field: at.field, code: said.code, message: english(said) };
  if (at.line !== undefined) issue.line = at.line;
  if (at.record !== undefined) issue.record = at.record;
  if (said.values) issue.values = said.values;
  return issue;
}

export function issueAt(where: Where, field: string, code: DomainCode, values?: DomainValues): FormatIssue {
  // "(record)": the record as a whole (e.g. a JSONL line holding an array, not an object).
  return located({ ...where, field: joinPath(where.path, field) || "(record)" }, values ? { code, values } : { code });
}

/**
 * Where a first occurrence was, as message values: the line of a line-based file (`firstLine`;
 * "none" in a bundle) or the record path (`firstPath`).
 */
export function firstAt(w: Where, prefix = "first"): DomainValues {
  const line = w.line !== undefined && w.path === "" ? String(w.line) : w.path ? "none" : String(w.line ?? "?");
  return { [`${prefix}Line`]: line, [`${prefix}Path`]: w.path };
}

export function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * A domain message where zod takes a string (a schema's `error:` option, a refinement's
 * `ctx.addIssue`): `reportZod` reads it back.
 */
export function zodSays(code: DomainCode, values?: DomainValues): string {
  return `\u0000${JSON.stringify(values ? { code, values } : { code })}`;
}

/** Turns zod's generic messages into ones a curator can act on. */
function messageFor(issue: z.core.$ZodIssue): DomainMessage {
  const hasInput = "input" in issue && issue.input !== undefined;
  // An absent key reaches type checks as `undefined`: say so, also where a schema words its own type error.
  if (!hasInput && (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union"))
    return { code: "formats.requiredMissing" };
  // Messages set by our schemas (custom refinements, `error:` options) are kept.
  if (issue.message.startsWith("\u0000")) return JSON.parse(issue.message.slice(1)) as DomainMessage;
  // A schema's own words not yet given a code (a backup's rubric check, worded in English for the
  // command line): kept as they are, as before the codes.
  if (issue.code !== "unrecognized_keys" && !/^(Invalid|Too (small|big))\b/.test(issue.message))
    return { code: "formats.englishDetail", values: { detail: issue.message } };
  const input = hasInput ? (issue as { input: unknown }).input : undefined;
  const got = preview(input);
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return { code: "formats.expectedInteger", values: { got } };
      if (issue.expected === "number") return { code: "formats.expectedNumber", values: { got } };
      return { code: "formats.expectedType", values: { expected: issue.expected, got } };
    case "invalid_value": {
      const allowed = issue.values.map((v) => String(v)).join(", ");
      const last = issue.path[issue.path.length - 1];
      return { code: last === "event_type" ? "formats.unknownEventType" : "formats.invalidValue", values: { got, allowed } };
    }
    case "too_small":
      if (issue.origin === "array") return { code: "formats.tooFewEntries", values: { minimum: String(issue.minimum) } };
      if (issue.origin === "string") return { code: "formats.empty" };
      return { code: "formats.tooSmall", values: { bound: `${issue.inclusive ? ">=" : ">"} ${String(issue.minimum)}`, got } };
    case "too_big":
      return { code: "formats.tooBig", values: { bound: `${issue.inclusive ? "<=" : "<"} ${String(issue.maximum)}`, got } };
    default:
      return { code: "formats.invalidInput", values: { got } };
  }
}

/** Reports every zod issue of one record, located under `where`. */
export function reportZod(log: IssueLog, where: Where, error: z.ZodError): void {
  for (const issue of error.issues) {
    const said = messageFor(issue);
    log.add(issueAt(where, formatPath(issue.path), said.code, said.values));
  }
}
