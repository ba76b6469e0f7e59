// The downloads the report thread renders (an audit's exports and its reproducibility package),
// kept as files on disk instead of in memory: a full review's package is ~26 MB and its exports
// ~26 MB more, which a kept copy in the thread, a copy per answer and the copies made while
// zipping held in memory several times over (+130 MB of the server's resident set for one
// package). A route streams the file; nothing is copied between the thread and the web process.
//
//   <data dir>/cache/downloads/<pid>-<random>/<uuid>   one folder per thread (or process) that writes
//
// Files are named at random and never rewritten: a new version of a download is a new file, and the
// one it replaces is removed a minute later, so that a route which was just handed it can still
// open it (an open file outlives its removal). A folder whose process is gone is removed when the
// next folder is made. When the disk refuses a file (full, read-only), the download is answered
// from memory and not kept: the organizer still gets it.
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { env } from "../../env";
import { fileStreams } from "../download";
import { log } from "../log";
import { processAlive } from "../../process-alive";

/** What a download route answers with: the file on disk, or its bytes when the disk refused it. */
export type KeptDownload = {
  fileName: string;
  type: string;
  size: number;
  sha256: string;
  /** CRC-32 of the bytes: the package zips a kept download from its file with its CRC known beforehand. */
  crc32: number;
} & ({ path: string } | { bytes: Uint8Array<ArrayBuffer> });

/** How long a replaced file stays on disk: a route handed it may still be about to open it. */
export const REMOVE_AFTER_MS = 60_000;

export function downloadsRoot(): string {
  return path.resolve(env().CLINAUDIT_DATA_DIR, "cache", "downloads");
}

/** Makes this thread's folder under `root`, and removes the folders of processes that are gone. */
export function makeDownloadsDir(root: string): string {
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(root)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid))
      fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
  const dir = path.join(root, `${process.pid}-${randomUUID()}`);
  fs.mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** The bytes of a download, from their first chunk: called again from the start if the disk refused them. */
export type DownloadSource = () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/**
 * Writes `source` to a new file of `dir` (under a temporary name, renamed once whole) and
 * returns it; when the disk refuses it (no `dir`, a full or read-only disk), the bytes in memory.
 */
export async function storeDownload(
  dir: string | null,
  source: DownloadSource,
  meta: { fileName: string; type: string },
): Promise<KeptDownload> {
  if (dir) {
    const file = path.join(dir, randomUUID());
    const part = `${file}.part`;
    try {
      const hash = createHash("sha256");
      let size = 0;
      let crc = 0;
      const out = await fs.promises.open(part, "wx", 0o600);
      try {
        for await (const chunk of source()) {
          hash.update(chunk);
          crc = crc32(chunk, crc);
          size += chunk.byteLength;
          await out.write(chunk);
        }
      } finally {
        await out.close();
      }
      await fs.promises.rename(part, file);
      return { ...meta, size, sha256: hash.digest("hex"), crc32: crc, path: file };
    } catch (error) {
      await fs.promises.rm(part, { force: true }).catch(() => undefined);
      // The disk's refusals (ENOSPC, EROFS, EACCES, ENOENT…) carry a code; a failed rendering does not, and is the caller's.
      if (!(error as NodeJS.ErrnoException).code) throw error;
      log().warn({ err: error, file: meta.fileName }, "a download could not be kept on disk: it is answered from memory");
    }
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of source()) chunks.push(chunk);
  const bytes = new Uint8Array(Buffer.concat(chunks));
  return { ...meta, size: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex"), crc32: crc32(bytes), bytes };
}

/** Removes a replaced download's file after REMOVE_AFTER_MS (or `afterMs`). */
export function removeLater(download: KeptDownload | null, afterMs = REMOVE_AFTER_MS): void {
  if (!download || !("path" in download)) return;
  const file = download.path;
  setTimeout(() => fs.rm(file, { force: true }, () => undefined), afterMs).unref();
}

/** Whether a kept download can still be handed out (its file may have been removed under it). */
export function present(download: KeptDownload | null): boolean {
  return !download || !("path" in download) || fs.existsSync(download.path);
}

/** The bytes to answer with: the file streamed (opened now, so that its removal cannot cut it short), or the bytes. */
export async function downloadBody(download: KeptDownload): Promise<ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>> {
  if (!("path" in download)) return download.bytes;
  return fileStreams([await fs.promises.open(download.path, "r")]);
}
