/**
 * A byte-identical zip for the same files: entries in the given order, stored (not deflated, so
 * the bytes do not depend on the zlib build), with one fixed modification time and mode and no
 * extended timestamp field. Its SHA-256 can therefore be quoted in a paper.
 */
import type { Readable } from "node:stream";
import { ZipFile } from "yazl";

/** A file of the package: its text, or (`Content` = Uint8Array) its bytes as already written, UTF-8. */
export interface PackageEntry<Content extends string | Uint8Array = string> {
  name: string;
  content: string | Content;
}

/** 1980-01-01 00:00 local time: the first instant MS-DOS dates can hold, and no one's real time. */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);

/** The zip's bytes as a stream: a caller writing them to a file never holds the whole zip. */
export function zipStream(entries: readonly PackageEntry<string | Uint8Array>[]): Readable {
  const zip = new ZipFile();
  for (const { name, content } of entries) {
    const bytes =
      typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    zip.addBuffer(bytes, name, { mtime: FIXED_TIME, mode: 0o100644, compress: false, forceDosTimestamp: true });
  }
  zip.end();
  return zip.outputStream as Readable;
}

export async function zipEntries(entries: readonly PackageEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
