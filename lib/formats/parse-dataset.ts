// Import entry points: detect the layout from each file's first chunks, then
// stream every file through its reader. parseDataset keeps the normalized
// dataset; validateDatasetStream (pass 1 of a streamed import) keeps only
// compact indexes. A JSON bundle is read record by record too (bundle-scan.ts).
import type { Chunks } from "./csv";
import { detectFormat, DETECT_HEAD_CHARS, type FileRole, type IgnoredFile } from "./detect";
import { flagInvalidUtf8 } from "./encoding";
import { FindingLog, type Finding } from "./findings";
import { DEFAULT_MAX_ISSUES, IssueLog, located, type FormatIssue } from "./issues";
import type { DatasetFamily, Extra, FormatId, NormalizedDataset } from "./model";
import { ProgressTracker, type FileStats, type ImportProgress } from "./progress";
import { readEhrJsonBundle, readEhrJsonl, type NamedChunks, type ReadContext, type ReadResult } from "./read-ehr";
import { readChatQaCsv, readEhrNoteQa, readNotesJsonBundle } from "./read-notes";
import { isTimeZone } from "./time-zone";
import { readFhir } from "./fhir/read-fhir";
import type { FhirPlan } from "./fhir/plan";
import type { NotesStreamPlan } from "./validate-notes";
import type { PartsPhase } from "./parts-phase";

export interface DatasetFile {
  name: string;
  chunks: Chunks;
  /** The same text once more, if it can be read again (else a JSON bundle's first read is kept to locate its issues). */
  reopen?: () => Chunks;
  /** The file's first characters for detection, when `chunks` is not the whole file (a resumed read: validate-parts.ts). */
  head?: string;
}

export interface ParseOptions {
  /** Issues kept in the result (all are counted). Default 200. */
  maxIssues?: number;
  onProgress?: (p: ImportProgress) => void;
  /** Refuse content defects (data-quality findings) as located issues instead of importing them. */
  strict?: boolean;
  /**
   * IANA zone ("Europe/Paris") in which times written without a UTC offset are read; default
   * UTC. The one time rule: lib/formats/README.md.
   */
  timeZone?: string;
  /** The layout, when the user chose it (else detected): e.g. "fhir-r4" for FHIR files with any name. */
  format?: FormatId;
}

export interface ImportStats {
  format: FormatId;
  patients: number;
  events: number;
  notes: number;
  items: number;
  turns: number;
  files: FileStats[];
  /** Files given that were not read, each with the reason (the import report lists them). */
  ignored?: IgnoredFile[];
}

export type ParseResult =
  | { ok: true; dataset: NormalizedDataset; stats: ImportStats; findings: DatasetFindings }
  | { ok: false; issues: FormatIssue[]; total: number };

/** Reads the first chunks of a stream for detection and returns a stream that replays them. */
async function peek(chunks: Chunks): Promise<{ head: string; rest: AsyncIterable<string>; close: () => void }> {
  if (typeof chunks === "string") chunks = [chunks]; // a whole text is a valid (single-chunk) stream
  const it =
    Symbol.asyncIterator in chunks
      ? (chunks as AsyncIterable<string>)[Symbol.asyncIterator]()
      : (chunks as Iterable<string>)[Symbol.iterator]();
  const buffered: string[] = [];
  let size = 0;
  let done = false;
  while (size < DETECT_HEAD_CHARS) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    buffered.push(r.value);
    size += r.value.length;
  }
  async function* replay(): AsyncGenerator<string> {
    yield* buffered;
    if (done) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }
  return {
    head: buffered.join("").slice(0, DETECT_HEAD_CHARS),
    rest: replay(),
    close: () => void it.return?.(),
  };
}

/** The data-quality findings of an accepted dataset (kept up to MAX_FINDINGS, all counted). */
export interface DatasetFindings {
  list: Finding[];
  total: number;
}

interface ReadOutcome {
  result?: ReadResult;
  roles: { name: string; role: FileRole }[];
  ignored?: IgnoredFile[];
  log: IssueLog;
  findings: FindingLog;
  progress: ProgressTracker;
}

/** Detects the layout and runs its reader once over every file (keeping records or not). */
async function readDataset(
  files: readonly DatasetFile[],
  options: ParseOptions,
  retain: boolean,
  parts?: PartsPhase,
): Promise<ReadOutcome> {
  const log = new IssueLog(options.maxIssues ?? DEFAULT_MAX_ISSUES);
  const progress = new ProgressTracker(options.onProgress);
  const findings = new FindingLog(log, options.strict ?? false);
  const ctx: ReadContext = { log, progress, retain, findings, timeZone: options.timeZone ?? "UTC", ...(parts ? { parts } : {}) };
  if (!isTimeZone(ctx.timeZone as string)) {
    log.add(
      located(
        { file: files.map((f) => f.name).join(", ") || "(none)", field: "(time zone)" },
        { code: "formats.unknownTimeZone", values: { zone: JSON.stringify(options.timeZone) } },
      ),
    );
    return { roles: [], log, progress, findings };
  }

  const peeked = await Promise.all(files.map(async (f) => ({ name: f.name, reopen: f.reopen, ...(await peek(f.chunks)) })));
  const detection = detectFormat(
    peeked.map((p, k) => ({ name: p.name, head: files[k]!.head ?? p.head })),
    options.format,
  );
  if (!detection.ok) {
    peeked.forEach((p) => p.close());
    const file = files.map((f) => f.name).join(", ") || "(none)";
    log.add(located({ file, field: "(format)" }, detection.said));
    return { roles: [], log, progress, findings };
  }
  for (const { name } of detection.ignored) peeked.find((p) => p.name === name)?.close();

  const byName = (name: string): NamedChunks => {
    const p = peeked.find((x) => x.name === name)!;
    return { name: p.name, chunks: flagInvalidUtf8(p.rest, p.name, log), ...(p.reopen ? { reopen: p.reopen } : {}) };
  };
  const byRole = (role: FileRole): NamedChunks | undefined => {
    const name = detection.files.find((f) => f.role === role)?.name;
    return name === undefined ? undefined : byName(name);
  };
  let result: ReadResult | undefined;
  switch (detection.format) {
    case "ehr-decision-mcq-json":
      result = await readEhrJsonBundle(byRole("bundle") as NamedChunks, ctx);
      break;
    case "notes-chatqa-json":
      result = await readNotesJsonBundle(byRole("bundle") as NamedChunks, ctx);
      break;
    case "ehr-decision-mcq-jsonl":
      result = await readEhrJsonl(byRole("patients"), byRole("instances"), ctx);
      break;
    case "ehrnote-chatqa-csv":
      result = await readChatQaCsv(byRole("notes"), byRole("questions"), ctx);
      break;
    case "ehrnoteqa-jsonl":
      result = await readEhrNoteQa(byRole("ehrnoteqa") as NamedChunks, byRole("notes"), ctx, byRole("discharge"));
      break;
    case "fhir-r4": {
      const fhir = detection.files.filter((f) => f.role === "fhir").map((f) => byName(f.name));
      result = await readFhir(fhir, byRole("instances"), ctx);
      break;
    }
  }
  if (log.empty && !result) log.add(located({ file: files[0]?.name ?? "(none)", field: "(file)" }, { code: "formats.nothingRead" }));
  return { result, roles: detection.files, ignored: detection.ignored, log, progress, findings };
}

const findingsOf = (log: FindingLog): DatasetFindings => ({ list: log.findings, total: log.total });

/** The counts, and every file given: each file read with its role (in the order given), then those ignored. */
function statsOf({ result: r, roles, ignored, progress }: ReadOutcome & { result: ReadResult }): ImportStats {
  const { format } = r.dataset;
  const { patients, events, notes, items, turns } = r.counts;
  const read = progress.all();
  const files: FileStats[] = roles.map(({ name, role }) => ({
    ...(read.find((f) => f.name === name) ?? { name, chars: 0, records: 0 }),
    readAs: role,
  }));
  // A reader's own entries under another name (none today) are kept rather than dropped.
  for (const f of read) if (!roles.some((x) => x.name === f.name)) files.push(f);
  return { format, patients, events, notes, items, turns, files, ignored: ignored ?? [] };
}

/** Reads and validates everything, keeping the whole normalized dataset (small inputs). */
export async function parseDataset(files: readonly DatasetFile[], options: ParseOptions = {}): Promise<ParseResult> {
  const read = await readDataset(files, options, true);
  const { result, log, findings } = read;
  if (!log.empty || !result) return { ok: false, issues: log.issues, total: log.total };
  return { ok: true, dataset: result.dataset, stats: statsOf({ ...read, result }), findings: findingsOf(findings) };
}

/** A file that can be read more than once (one `open()` per pass). */
export interface ReopenableFile {
  name: string;
  open: () => Chunks;
  /** As DatasetFile.head. */
  head?: string;
}

/** What pass 2 (`streamDataset`) needs from pass 1: which file plays which role, and the notes bookkeeping. */
export interface StreamPlan {
  files: { name: string; role: FileRole }[];
  notes?: NotesStreamPlan;
  fhir?: FhirPlan;
}

/** Everything about a valid dataset except its records. */
export interface DatasetSummary {
  family: DatasetFamily;
  format: FormatId;
  formatVersion?: string;
  meta: Record<string, unknown>;
  extra?: Extra;
  stats: ImportStats;
  plan: StreamPlan;
  findings: DatasetFindings;
}

export type ValidationResult = { ok: true; summary: DatasetSummary } | { ok: false; issues: FormatIssue[]; total: number };

/**
 * Pass 1 of a streamed import: runs every rule of `parseDataset` (same located
 * issues) while keeping only compact indexes, so memory does not grow with
 * the size of JSONL / CSV files. Pair with `streamDataset` for the records.
 */
export async function validateDatasetStream(
  files: readonly ReopenableFile[],
  options: ParseOptions = {},
  /** Split at the patients/items boundary: validate-parts.ts only. */
  parts?: PartsPhase,
): Promise<ValidationResult> {
  const read = await readDataset(
    files.map((f) => ({ name: f.name, chunks: f.open(), reopen: f.open, ...(f.head !== undefined ? { head: f.head } : {}) })),
    options,
    false,
    parts,
  );
  const { result, roles, log, findings } = read;
  if (!log.empty || !result) return { ok: false, issues: log.issues, total: log.total };
  const { family, format, formatVersion, meta, extra } = result.dataset;
  const summary: DatasetSummary = {
    family,
    format,
    meta,
    stats: statsOf({ ...read, result }),
    plan: { files: roles },
    findings: findingsOf(findings),
  };
  if (formatVersion !== undefined) summary.formatVersion = formatVersion;
  if (extra) summary.extra = extra;
  if (result.plan) summary.plan.notes = result.plan;
  if (result.fhir) summary.plan.fhir = result.fhir;
  return { ok: true, summary };
}
