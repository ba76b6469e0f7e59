// A multipart/form-data request body streamed to disk, one temporary file per file part, under
// a cap on the whole body. Nothing holds a file in memory: the body is read chunk by chunk
// (awaiting the parser's backpressure) and each file part is piped into its own file.
//
// Over the cap, nothing more is stored (the declared Content-Length is checked before the first
// byte; a body without one is counted as it arrives), every file written so far is removed, and
// the caller answers with the limit. Before it answers, the rest of the body is read and dropped,
// within a small budget: a client still sending when the server closes gets a reset instead of
// the answer (EPIPE / ECONNRESET), so a modest overshoot is drained and only a huge one is cut.
// Route handlers must not pass through proxy.ts (its matcher excludes them): Next buffers a
// proxied body in memory, up to 10 MiB by default.
import fs from "node:fs";
import { once } from "node:events";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { STALE_MS, sweepUploads } from "./sweep";

export interface ReceivedFile {
  /** The form field the file came in. */
  field: string;
  /** The file's base name as the browser sent it (data, never a path). */
  name: string;
  /** Where it was written. */
  path: string;
  bytes: number;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  /** Text fields; a repeated field keeps its last value. */
  fields: Map<string, string>;
  /** Deletes the temporary files (idempotent). */
  remove(): void;
}

export type ReceiveFailure =
  | { reason: "too-large"; limit: number }
  /** Not a readable multipart form (wrong content type, broken framing, too many parts). */
  | { reason: "malformed"; detail: string }
  /**
   * The disk refused a write (ENOSPC, EIO, EACCES, EROFS, …): the partial file is removed. `file`
   * is the upload's name of the file being written; absent when the upload's folder could not be made.
   */
  | { reason: "disk-full" | "write-failed"; error: unknown; file?: string }
  /** The client went away. */
  | { reason: "failed"; error: unknown };

export type ReceiveResult = ({ ok: true } & ReceivedUpload) | ({ ok: false } & ReceiveFailure);

export interface ReceiveOptions {
  /** Cap on the whole request body, in bytes. */
  maxBytes: number;
  /** Parent folder of the per-upload temporary folders (created if missing). */
  root: string;
  /** Most file parts accepted. */
  maxFiles?: number;
  /** Bytes of the body read so far, as they arrive. */
  onBytes?: (received: number) => void;
  /** How much of a refused body is read and dropped before answering (see the top of this file). */
  drain?: DrainBudget;
  /** Where a file part is written (tests inject a failing disk); default a file stream. */
  createSink?: (file: string) => Writable;
}

export interface DrainBudget {
  bytes: number;
  ms: number;
}

/** Enough for a form a little over the cap to be read to its end on any link worth the name. */
export const DEFAULT_DRAIN: DrainBudget = { bytes: 64 * 1024 * 1024, ms: 3000 };

/**
 * Reads and drops what is left of a refused body, until it ends or the budget is spent, so the
 * client has finished sending when the answer and the connection's close reach it.
 */
async function drainRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: DrainBudget): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), budget.ms);
  });
  let dropped = 0;
  try {
    while (dropped <= budget.bytes) {
      const next = await Promise.race([reader.read(), late]);
      if (next === "late" || next.done) break;
      dropped += next.value.byteLength;
    }
  } catch {
    // The client went away: nothing left to drain.
  } finally {
    clearTimeout(timer);
    // Released, not cancelled: cancelling would close the socket before the answer is written.
    try {
      reader.releaseLock();
    } catch {
      // A read still pending is rejected by the release; Promise.race above has handled it.
    }
  }
}

/** Text fields are names and flags; anything bigger is not a form this app sends. */
const FIELD_LIMITS = { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 20, parts: 60 };

/** Errors of a disk with no room left for this upload (full, or over the user's quota). */
const NO_SPACE = new Set(["ENOSPC", "EDQUOT"]);

function writeFailure(error: unknown, file?: string): ReceiveFailure {
  const code = (error as { code?: unknown } | null)?.code;
  return { reason: typeof code === "string" && NO_SPACE.has(code) ? "disk-full" : "write-failed", error, ...(file ? { file } : {}) };
}

/** A name that is safe as a file name on any disk: the upload's own name is kept apart. */
function diskName(index: number, name: string): string {
  return `${index}-${name.replace(/[^\w.-]/g, "_").slice(0, 100)}`;
}

/** The base name of what the browser sent (some send a full Windows path). */
export function baseName(filename: string | undefined): string {
  return (filename ?? "").split(/[\\/]/).pop()?.trim() ?? "";
}

export async function receiveMultipart(request: Request, options: ReceiveOptions): Promise<ReceiveResult> {
  const { maxBytes } = options;
  const drain = options.drain ?? DEFAULT_DRAIN;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) {
    if (request.body) await drainRest(request.body.getReader(), drain);
    return { ok: false, reason: "too-large", limit: maxBytes };
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body)
    return { ok: false, reason: "malformed", detail: "expected a multipart/form-data body" };

  let dir: string;
  try {
    fs.mkdirSync(options.root, { recursive: true });
    sweepUploads(options.root, STALE_MS);
    dir = fs.mkdtempSync(path.join(options.root, "upload-"));
  } catch (error) {
    // The upload folder is read-only, not ours, or its disk failed: nothing was stored.
    await drainRest(request.body.getReader(), drain);
    return { ok: false, ...writeFailure(error) };
  }
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const files: ReceivedFile[] = [];
  const fields = new Map<string, string>();
  const parts: { source: Readable; sink: Writable; written: Promise<void> }[] = [];
  let failure: ReceiveFailure | undefined;
  let stop: () => void = () => undefined;
  // Settles at the first failure: after a failed write neither busboy's drain nor its close fires.
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const fail = (f: ReceiveFailure) => {
    failure ??= f;
    stop();
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { ...FIELD_LIMITS, files: options.maxFiles ?? 20 },
      highWaterMark: 1 << 20,
      fileHwm: 1 << 20,
    });
  } catch (error) {
    remove();
    return { ok: false, reason: "malformed", detail: (error as Error).message };
  }
  parser.on("file", (field, source, info) => {
    const name = baseName(info.filename);
    if (failure || !name) {
      source.resume(); // an empty file input sends a nameless part: nothing to keep
      return;
    }
    const entry: ReceivedFile = { field, name, path: path.join(dir, diskName(files.length + 1, name)), bytes: 0 };
    files.push(entry);
    source.on("data", (chunk: Buffer) => (entry.bytes += chunk.length));
    const sink = (options.createSink ?? fs.createWriteStream)(entry.path);
    let fromSource: unknown;
    source.once("error", (error: unknown) => (fromSource = error));
    // The sink's own failure (pipeline also passes the source's to it), seen before pipeline rejects.
    sink.on("error", (error: unknown) => error !== fromSource && fail(writeFailure(error, name)));
    const written = pipeline(source, sink);
    written.catch((error: unknown) => fail({ reason: "failed", error }));
    parts.push({ source, sink, written });
  });
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) fail({ reason: "malformed", detail: `the form field "${name}" is too long` });
    else fields.set(name, value);
  });
  for (const limit of ["partsLimit", "filesLimit", "fieldsLimit"] as const)
    parser.on(limit, () => fail({ reason: "malformed", detail: "the form has too many parts" }));
  const closed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  closed.catch((error: unknown) => fail({ reason: "malformed", detail: (error as Error).message }));

  const reader = request.body.getReader();
  let received = 0;
  try {
    while (!failure) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        fail({ reason: "too-large", limit: maxBytes });
        break;
      }
      options.onBytes?.(received);
      // A full parser buffer (the disk is behind) stops reading the socket until it drains.
      if (!parser.write(value)) await Promise.race([once(parser, "drain"), closed, stopped]);
    }
    if (!failure) {
      parser.end();
      await Promise.race([closed, stopped]);
      await Promise.race([Promise.all(parts.map((p) => p.written)), stopped]);
    }
  } catch (error) {
    fail({ reason: "failed", error });
  }
  if (failure) {
    // Nothing more is stored; the rest of the body is dropped (within the budget) before the answer.
    parser.destroy();
    // A destroyed part's pipeline need not settle; its file is closed once the sink is.
    for (const p of parts) {
      p.source.destroy();
      p.sink.destroy();
    }
    await Promise.all(parts.map((p) => p.sink.closed || new Promise<void>((closed) => p.sink.once("close", () => closed()))));
    remove();
    // A client that went away has nothing left to send; any other is still sending and must read the answer.
    if (failure.reason === "failed") reader.releaseLock();
    else await drainRest(reader, drain);
    return { ok: false, ...failure };
  }
  return { ok: true, files, fields, remove };
}
