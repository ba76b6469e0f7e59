// Located validation issues. Importers never stop at the first problem: a
// curator fixing a 100 MB release needs the whole list (capped) in one pass.
import type { z } from "zod";

/** The issues worded from the catalogs (an import over its heap cap: lib/server/jobs/import-thread/out-of-memory.ts). */
export const ISSUE_MESSAGE_KEYS = ["outOfMemoryReading", "outOfMemoryRecord", "outOfMemoryWriting"] as const;
export type IssueMessageKey = (typeof ISSUE_MESSAGE_KEYS)[number];

export interface FormatIssue {
  file: string;
  /** Physical 1-based line (JSONL/CSV: where the record starts; JSON bundle: where the value starts). */
  line?: number;
  /** 1-based record number within the file (JSONL lines / CSV data rows). */
  record?: number;
  /** Bundle: full record path (`patients[3].events[17].time`); JSONL: path inside the record; CSV: column. */
  field: string;
  message: string;
  /**
   * A catalog key for the web to word the message per language (datasets.upload.issueMessages),
   * with its values; absent, the message is shown as it is (located messages stay English).
   */
  key?: IssueMessageKey;
  values?: Record<string, string>;
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

export function issueAt(where: Where, field: string, message: string): FormatIssue {
  // "(record)": the record as a whole (e.g. a JSONL line holding an array, not an object).
  const issue: FormatIssue = { file: where.file, field: joinPath(where.path, field) || "(record)", message };
  if (where.line !== undefined) issue.line = where.line;
  if (where.record !== undefined) issue.record = where.record;
  return issue;
}

export function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Turns zod's generic messages into ones a curator can act on. */
function messageFor(issue: z.core.$ZodIssue): string {
  const hasInput = "input" in issue && issue.input !== undefined;
  // An absent key reaches type checks as `undefined`: say so, also where a schema words its own type error.
  if (!hasInput && (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union"))
    return "required field is missing";
  // Messages set by our schemas (custom refinements, `error:` options) are kept verbatim.
  if (!/^(Invalid|Too (small|big))\b/.test(issue.message)) return issue.message;
  const input = hasInput ? (issue as { input: unknown }).input : undefined;
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return `malformed number: expected an integer, got ${preview(input)}`;
      if (issue.expected === "number") return `malformed number: expected a number, got ${preview(input)}`;
      return `expected ${issue.expected}, got ${preview(input)}`;
    case "invalid_value": {
      const allowed = issue.values.map((v) => String(v)).join(", ");
      const last = issue.path[issue.path.length - 1];
      const what = last === "event_type" ? "unknown event type" : "invalid value";
      return `${what} ${preview(input)}; expected one of: ${allowed}`;
    }
    case "too_small":
      if (issue.origin === "array") return `needs at least ${String(issue.minimum)} entries`;
      if (issue.origin === "string") return "must not be empty";
      return `must be ${issue.inclusive ? ">=" : ">"} ${String(issue.minimum)}, got ${preview(input)}`;
    case "too_big":
      return `must be ${issue.inclusive ? "<=" : "<"} ${String(issue.maximum)}, got ${preview(input)}`;
    default:
      return issue.message;
  }
}

/** Reports every zod issue of one record, located under `where`. */
export function reportZod(log: IssueLog, where: Where, error: z.ZodError): void {
  for (const issue of error.issues) {
    log.add(issueAt(where, formatPath(issue.path), messageFor(issue)));
  }
}
