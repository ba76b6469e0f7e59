// Progress reporting and per-file counters for the import entry point.
import type { Chunks } from "./csv";
import type { SkipReasonKey } from "./skip-reasons";
import type { TableNote } from "./table-header";

export interface ImportProgress {
  file: string;
  /** UTF-16 characters consumed so far (≈ bytes for ASCII-heavy text; avoids re-encoding). */
  chars: number;
  /** Records read so far (JSONL lines / CSV rows / bundle records). */
  records: number;
}

export interface FileStats {
  name: string;
  /** The role detection gave the file (lib/formats/detect.ts FileRole: "patients", "fhir", …). */
  readAs?: string;
  chars: number;
  records: number;
  /** What a table reader did that the user should know of: separator, renamed or ignored columns. */
  notes?: TableNote[];
  /**
   * Records of this file read but not stored as such, per kind, with the reason (a FHIR resource
   * type outside the mapping, say). `records` = stored + the sum of these counts.
   */
  skipped?: SkippedRecords[];
}

export interface SkippedRecords {
  /** What was skipped: a FHIR resource type ("Coverage"), a table's row kind. */
  what: string;
  count: number;
  /** Why: a catalog key with its values (the web words it per language, skip-reasons.ts). */
  key: SkipReasonKey;
  detail: Record<string, string>;
  /** The same in an English sentence (the command line prints it). */
  reason: string;
}

/** Emit at most every this many records, so the callback cannot dominate a 100k-row import. */
const RECORD_STEP = 500;

export class ProgressTracker {
  private readonly files = new Map<string, FileStats>();

  constructor(private readonly onProgress?: (p: ImportProgress) => void) {}

  private stats(file: string): FileStats {
    let s = this.files.get(file);
    if (!s) {
      s = { name: file, chars: 0, records: 0 };
      this.files.set(file, s);
    }
    return s;
  }

  private emit(s: FileStats): void {
    this.onProgress?.({ file: s.name, chars: s.chars, records: s.records });
  }

  /** Passes chunks through, counting characters. */
  async *wrap(file: string, chunks: Chunks): AsyncGenerator<string> {
    const s = this.stats(file);
    for await (const chunk of chunks) {
      s.chars += chunk.length;
      this.emit(s);
      yield chunk;
    }
  }

  record(file: string, n = 1): void {
    const s = this.stats(file);
    const before = Math.floor(s.records / RECORD_STEP);
    s.records += n;
    if (Math.floor(s.records / RECORD_STEP) !== before) this.emit(s);
  }

  note(file: string, note: TableNote): void {
    const s = this.stats(file);
    (s.notes ??= []).push(note);
  }

  /** Records of `file` read but not stored, per kind (a FHIR resource type), with the reason. */
  skipped(file: string, skipped: SkippedRecords[]): void {
    if (skipped.length > 0) this.stats(file).skipped = skipped;
  }

  done(file: string): void {
    this.emit(this.stats(file));
  }

  all(): FileStats[] {
    return [...this.files.values()];
  }
}

/**
 * Whole text of a file. Only the JSON bundle layout needs this (JSON.parse has
 * no streaming mode); the parts are joined once, so peak memory is ~2× the file.
 */
export async function collectText(chunks: Chunks): Promise<string> {
  const parts: string[] = [];
  for await (const c of chunks) parts.push(c);
  return parts.join("");
}
