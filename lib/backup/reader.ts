// Reading a backup in two passes, like an import: `validateBackup` checks every line (format,
// version, record shapes, order, references, counts, SHA-256) keeping only compact indexes and
// reports each problem with its line and field; `readBackupRecords` then yields the records of a
// validated file and checks, at the end, that it read the very bytes that were validated.
import { createHash } from "node:crypto";
import { IssueLog, issueAt, reportZod, type FormatIssue } from "../formats/issues";
import type { TextLine } from "../formats/jsonl";
import { lineTooLong, parseJsonWithin } from "../formats/reader-limits";
import { english } from "../i18n/domain";
import {
  BACKUP_FORMAT,
  READABLE_VERSIONS,
  endSchema,
  headerSchema,
  RECORD_ORDER,
  RECORD_SCHEMAS,
  type AuditRecord,
  type BackupHeader,
  type BackupRecord,
  type DatasetRecord,
  type RecordType,
  type UserRecord,
} from "./format";
import { ReferenceIndex } from "./references";
import { storableRecord } from "./storable";

/** What pass 2 needs from pass 1: the small records, the counts and the digest. */
export interface BackupPlan {
  header: BackupHeader;
  dataset: DatasetRecord;
  users: UserRecord[];
  audit: AuditRecord;
  counts: Record<string, number>;
  sha256: string;
  /** Text fields holding a NUL or a lone surrogate, each read with U+FFFD in their place (storable.ts). */
  cleaned: number;
}

export type BackupValidation = { ok: true; plan: BackupPlan } | { ok: false; issues: FormatIssue[]; total: number };

/** Thrown by `readBackupRecords` when the file is not what was validated (changed in between). */
export class BackupChangedError extends Error {
  constructor(readonly file: string) {
    super(`${file} changed while it was being restored: nothing was written`);
  }
}

function parseLine({ text, overLong }: TextLine): { ok: true; value: unknown; cleaned: number } | { ok: false; message: string } {
  if (overLong) return { ok: false, message: english(lineTooLong(overLong)) };
  const parsed = parseJsonWithin(text);
  return parsed.ok ? { ok: true, ...storableRecord(text, parsed.value) } : { ok: false, message: english(parsed.said) };
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const typeOf = (v: unknown): unknown => (v && typeof v === "object" && !Array.isArray(v) ? (v as { type?: unknown }).type : undefined);

/** Why a first line is not a v1 header, in words a person can act on; null when it is one. */
function headerProblem(value: unknown): { field: string; message: string } | null {
  const v = value as Record<string, unknown> | null;
  if (!v || typeof v !== "object" || v.format !== BACKUP_FORMAT)
    return { field: "format", message: `not a ClinAudit audit backup (the first line must have "format": "${BACKUP_FORMAT}")` };
  if (!READABLE_VERSIONS.includes(v.formatVersion as number))
    return {
      field: "formatVersion",
      message: `backup format version ${JSON.stringify(v.formatVersion)} is not supported: this ClinAudit reads versions ${READABLE_VERSIONS.slice(0, -1).join(", ")} and ${READABLE_VERSIONS.at(-1)}`,
    };
  return null;
}

export async function validateBackup(file: string, lines: AsyncIterable<TextLine>, maxIssues = 50): Promise<BackupValidation> {
  const log = new IssueLog(maxIssues);
  const hash = createHash("sha256");
  const index = new ReferenceIndex();
  const counts: Record<string, number> = {};
  let header: BackupHeader | null = null;
  let end: { line: number; value: unknown } | null = null;
  let rank = -1;
  let records = 0;
  let cleaned = 0;
  let last = 0;
  const add = (line: number | undefined, field: string, message: string) =>
    // A backup is restored on the command line only: its problems are worded there, in English.
    log.add(issueAt({ file, ...(line ? { line } : {}), path: "" }, field, "formats.englishDetail", { detail: message }));

  for await (const entry of lines) {
    const { text, line } = entry;
    last = line;
    if (end) {
      if (text.trim() !== "") add(line, "(record)", "nothing may follow the end line");
      continue;
    }
    const parsed = parseLine(entry);
    if (!parsed.ok) {
      hash.update(`${text}\n`, "utf8");
      add(line, "(json)", parsed.message);
      if (line === 1) break;
      continue;
    }
    if (line === 1) {
      hash.update(`${text}\n`, "utf8");
      const problem = headerProblem(parsed.value);
      if (problem) {
        add(line, `header.${problem.field}`, problem.message);
        break; // not ours, or another version: the rest would only add noise
      }
      const h = headerSchema.safeParse(parsed.value);
      if (!h.success) reportZod(log, { file, line, path: "header" }, h.error);
      else header = h.data;
      continue;
    }
    cleaned += parsed.cleaned;
    const type = typeOf(parsed.value);
    if (type === "end") {
      end = { line, value: parsed.value };
      continue;
    }
    hash.update(`${text}\n`, "utf8");
    records++;
    const schema = RECORD_SCHEMAS[type as RecordType];
    if (!schema) {
      add(line, "type", `unknown record type ${JSON.stringify(type)}; expected one of: ${RECORD_ORDER.join(", ")}`);
      continue;
    }
    counts[type as string] = (counts[type as string] ?? 0) + 1;
    const at = RECORD_ORDER.indexOf(type as RecordType);
    if (at < rank)
      add(
        line,
        "type",
        `${article(String(type))} record after ${RECORD_ORDER[rank]} records: the file's order is ${RECORD_ORDER.join(", ")}`,
      );
    rank = Math.max(rank, at);
    if ((type === "dataset" || type === "audit") && counts[type]! > 1)
      add(line, "type", `a second ${type} record: a backup holds exactly one`);
    const r = schema.safeParse(parsed.value);
    if (!r.success) {
      reportZod(log, { file, line, path: String(type) }, r.error);
      continue;
    }
    index.check(r.data as BackupRecord, (path, message) => add(line, `${String(type)}.${path}`, message));
  }

  if (log.total > 0 && !header) return { ok: false, issues: log.issues, total: log.total };
  for (const type of ["dataset", "audit"] as const) if (!counts[type]) add(undefined, type, `the file has no ${type} record`);
  if (header && index.audit && header.audit.id !== index.audit.id)
    add(1, "header.audit.id", `names audit ${header.audit.id} but the audit record is ${index.audit.id}`);
  index.finish((field, message) => add(undefined, field, message));
  const digest = hash.digest("hex");
  if (!end) add(last || undefined, "end", "the file ends before its end line: it is truncated");
  else {
    const e = endSchema.safeParse(end.value);
    if (!e.success) reportZod(log, { file, line: end.line, path: "end" }, e.error);
    else {
      if (e.data.sha256 !== digest)
        add(end.line, "end.sha256", `the content's SHA-256 is ${digest}, the file says ${e.data.sha256}: the file was corrupted or edited`);
      if (e.data.records !== records) add(end.line, "end.records", `the file says ${e.data.records} records but holds ${records}`);
      for (const type of new Set([...Object.keys(e.data.counts), ...Object.keys(counts)]))
        if ((e.data.counts[type] ?? 0) !== (counts[type] ?? 0))
          add(end.line, `end.counts.${type}`, `the file says ${e.data.counts[type] ?? 0} ${type} records but holds ${counts[type] ?? 0}`);
    }
  }
  if (log.total > 0 || !header || !index.dataset || !index.audit) return { ok: false, issues: log.issues, total: log.total };
  return {
    ok: true,
    plan: { header, dataset: index.dataset, users: [...index.users.values()], audit: index.audit, counts, sha256: digest, cleaned },
  };
}

/**
 * The records of a file `validateBackup` accepted (not re-validated: their shapes were checked).
 * Throws BackupChangedError, after the last record, if the bytes differ from the validated ones —
 * callers write inside a transaction, so the throw rolls everything back.
 */
export async function* readBackupRecords(file: string, lines: AsyncIterable<TextLine>, plan: BackupPlan): AsyncGenerator<BackupRecord> {
  const hash = createHash("sha256");
  for await (const entry of lines) {
    const { text, line } = entry;
    if (line === 1) {
      hash.update(`${text}\n`, "utf8");
      continue;
    }
    const value = parseLine(entry);
    if (!value.ok) throw new BackupChangedError(file);
    if (typeOf(value.value) === "end") break;
    hash.update(`${text}\n`, "utf8");
    yield value.value as BackupRecord;
  }
  if (hash.digest("hex") !== plan.sha256) throw new BackupChangedError(file);
}
