// Writes a backup as lines (see format.ts): the header, the records in order, then the end line
// with the counts and the SHA-256 of everything before it.
import { createHash, type Hash } from "node:crypto";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  RECORD_ORDER,
  type BackupHeader,
  type BackupRecord,
  type EndRecord,
  type RecordType,
} from "./format";

export class BackupWriter {
  private readonly hash: Hash = createHash("sha256");
  private readonly counts: Record<string, number> = {};
  private records = 0;
  private last = -1;

  /** The header line; call first. */
  header(meta: Omit<BackupHeader, "format" | "formatVersion">): string {
    return this.emit({ format: BACKUP_FORMAT, formatVersion: BACKUP_VERSION, ...meta });
  }

  /** One record's line; records must come in RECORD_ORDER, which the reader enforces. */
  record(record: BackupRecord): string {
    const rank = RECORD_ORDER.indexOf(record.type as RecordType);
    if (rank < this.last) throw new Error(`backup writer: a ${record.type} record after a ${RECORD_ORDER[this.last]} record`);
    this.last = rank;
    this.records++;
    this.counts[record.type] = (this.counts[record.type] ?? 0) + 1;
    return this.emit(record);
  }

  /** The end line: what a reader checks the file against. */
  end(): string {
    const end: EndRecord = { type: "end", records: this.records, counts: { ...this.counts }, sha256: this.hash.digest("hex") };
    return `${JSON.stringify(end)}\n`;
  }

  private emit(value: unknown): string {
    const line = `${JSON.stringify(value)}\n`;
    this.hash.update(line, "utf8");
    return line;
  }
}

/** Dates in a backup: ISO 8601 UTC with milliseconds; null stays null. */
export function isoOrNull(d: Date | null): string | null {
  return d === null ? null : d.toISOString();
}
