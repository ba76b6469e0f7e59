// Import entry point: detect the layout from each file's first chunks, then
// stream every file through its reader. Memory stays bounded by the
// normalized dataset for JSONL/CSV; a JSON bundle is held whole (JSON.parse).
import type { Chunks } from "./csv";
import { detectFormat, DETECT_HEAD_CHARS, type FileRole } from "./detect";
import { DEFAULT_MAX_ISSUES, IssueLog, type FormatIssue } from "./issues";
import type { FormatId, NormalizedDataset } from "./model";
import { ProgressTracker, type FileStats, type ImportProgress } from "./progress";
import { readEhrJsonBundle, readEhrJsonl, type NamedChunks, type ReadContext, type ReadResult } from "./read-ehr";
import { readChatQaCsv, readEhrNoteQa, readNotesJsonBundle } from "./read-notes";

export interface DatasetFile {
  name: string;
  chunks: Chunks;
}

export interface ParseOptions {
  /** Issues kept in the result (all are counted). Default 200. */
  maxIssues?: number;
  onProgress?: (p: ImportProgress) => void;
}

export interface ImportStats {
  format: FormatId;
  patients: number;
  events: number;
  notes: number;
  items: number;
  turns: number;
  files: FileStats[];
}

export type ParseResult =
  | { ok: true; dataset: NormalizedDataset; stats: ImportStats }
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

export async function parseDataset(files: readonly DatasetFile[], options: ParseOptions = {}): Promise<ParseResult> {
  const log = new IssueLog(options.maxIssues ?? DEFAULT_MAX_ISSUES);
  const progress = new ProgressTracker(options.onProgress);
  const ctx: ReadContext = { log, progress };

  const peeked = await Promise.all(files.map(async (f) => ({ name: f.name, ...(await peek(f.chunks)) })));
  const detection = detectFormat(peeked.map((p) => ({ name: p.name, head: p.head })));
  if (!detection.ok) {
    peeked.forEach((p) => p.close());
    const file = files.map((f) => f.name).join(", ") || "(none)";
    return { ok: false, issues: [{ file, field: "(format)", message: detection.message }], total: 1 };
  }
  for (const name of detection.ignored) peeked.find((p) => p.name === name)?.close();

  const byRole = (role: FileRole): NamedChunks | undefined => {
    const name = detection.files.find((f) => f.role === role)?.name;
    const p = peeked.find((x) => x.name === name);
    return p && { name: p.name, chunks: p.rest };
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
      result = await readEhrNoteQa(byRole("ehrnoteqa") as NamedChunks, byRole("notes"), ctx);
      break;
  }
  if (!log.empty || !result) {
    if (log.empty) log.add({ file: files[0]?.name ?? "(none)", field: "(file)", message: "nothing could be read" });
    return { ok: false, issues: log.issues, total: log.total };
  }
  const { dataset, counts } = result;
  return {
    ok: true,
    dataset,
    stats: {
      format: dataset.format,
      patients: dataset.patients.length,
      events: counts.events,
      notes: counts.notes,
      items: dataset.items.length,
      turns: counts.turns,
      files: progress.all(),
    },
  };
}
