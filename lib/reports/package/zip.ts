/**
 * A byte-identical zip for the same files: entries in the given order, stored (not deflated, so
 * the bytes do not depend on the zlib build), with one fixed modification time and mode and no
 * extended timestamp field. Its SHA-256 can therefore be quoted in a paper.
 *
 * Written here rather than by a zip library so that a file already on disk (a kept download) is
 * copied into the zip a chunk at a time, its CRC-32 known in advance: a full review's package
 * (~26 MB) was held in memory whole while it was zipped. The bytes are those yazl 3 writes for
 * the same entries given as buffers (zip.test.ts checks them against it): a local header without
 * a data descriptor, a central directory without extra fields, no ZIP64.
 */
import { crc32 } from "node:zlib";

/**
 * A file whose bytes are read while the zip is written: its size, CRC-32 and SHA-256 known
 * beforehand (a kept download records them as it writes the file). The bytes read are checked
 * against the size and CRC-32: a file changed under the zip fails it instead of corrupting it.
 */
export interface StoredFile {
  size: number;
  crc32: number;
  sha256: string;
  read: () => AsyncIterable<Uint8Array>;
}

/** A file of the package: its text, or its bytes as already written (UTF-8), in memory or on disk. */
export type PackageContent = string | Uint8Array | StoredFile;

export interface PackageEntry<Content extends PackageContent = string> {
  name: string;
  content: string | Content;
}

export function isStoredFile(content: PackageContent): content is StoredFile {
  return typeof content === "object" && !(content instanceof Uint8Array);
}

/** 1980-01-01 00:00 local time: the first instant MS-DOS dates can hold, and no one's real time. */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);
const DOS_DATE = FIXED_TIME.getDate() | ((FIXED_TIME.getMonth() + 1) << 5) | ((FIXED_TIME.getFullYear() - 1980) << 9);
const DOS_TIME = (FIXED_TIME.getHours() << 11) | (FIXED_TIME.getMinutes() << 5) | Math.floor(FIXED_TIME.getSeconds() / 2);
/** -rw-r--r--, a regular file, as the zip's "external attributes" carry a Unix mode. */
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** Made by Unix (3), zip specification 6.3; version 2.0 needed to extract. */
const VERSION_MADE_BY = (3 << 8) | 63;
const VERSION_NEEDED = 20;
/** General purpose flag bit 11: the file names are UTF-8. */
const UTF8_NAMES = 1 << 11;
/** Beyond these a zip needs ZIP64 records, which this writer does not write. */
const MAX_32 = 0xfffffffe;
const MAX_ENTRIES = 0xfffe;

/** The zip's bytes, a chunk at a time: a caller writing them to a file never holds the whole zip. */
export async function* zipStream(entries: readonly PackageEntry<PackageContent>[]): AsyncGenerator<Buffer> {
  if (entries.length > MAX_ENTRIES)
    throw new Error(`zip: ${entries.length} files, more than ${MAX_ENTRIES} (a ZIP64 archive, not written here)`);
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    const fileName = Buffer.from(entryName(name), "utf8");
    if (fileName.length > 0xffff) throw new Error(`zip: the file name ${name.slice(0, 40)}… is longer than 65,535 bytes`);
    const bytes = isStoredFile(content) ? null : typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const size = bytes ? bytes.byteLength : (content as StoredFile).size;
    const crc = bytes ? crc32(bytes) : (content as StoredFile).crc32;
    if (offset > MAX_32 || size > MAX_32 || offset + 30 + fileName.length + size > MAX_32)
      throw new Error(`zip: ${name} would end past 4 GB into the archive (a ZIP64 archive, not written here)`);
    yield localHeader(fileName, crc, size);
    if (bytes) {
      if (bytes.byteLength) yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } else {
      yield* checkedFile(name, content as StoredFile);
    }
    central.push(centralRecord(fileName, crc, size, offset));
    offset += 30 + fileName.length + size;
  }
  const directory = Buffer.concat(central);
  if (directory.length > MAX_32) throw new Error("zip: a central directory over 4 GB (a ZIP64 archive, not written here)");
  yield directory;
  yield endOfCentralDirectory(entries.length, directory.length, offset);
}

/** The whole zip in memory (the command line's package, tests). */
export async function zipEntries(entries: readonly PackageEntry<PackageContent>[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The names a zip may carry: relative, forward slashes, no `..`, not a folder. */
function entryName(name: string): string {
  const n = name.replace(/\\/g, "/");
  if (n === "" || /^[a-zA-Z]:/.test(n) || n.startsWith("/") || n.split("/").includes("..") || n.endsWith("/"))
    throw new Error(`zip: ${JSON.stringify(name)} is not a relative file name`);
  return n;
}

async function* checkedFile(name: string, file: StoredFile): AsyncGenerator<Buffer> {
  let size = 0;
  let crc = 0;
  for await (const chunk of file.read()) {
    size += chunk.byteLength;
    if (size > file.size) throw new Error(`zip: ${name} holds more than the ${file.size} bytes recorded for it`);
    crc = crc32(chunk, crc);
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }
  if (size !== file.size) throw new Error(`zip: ${name} holds ${size} bytes, not the ${file.size} recorded for it`);
  if (crc !== file.crc32) throw new Error(`zip: ${name} is not the file recorded (its CRC-32 differs)`);
}

function localHeader(fileName: Buffer, crc: number, size: number): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION_NEEDED, 4);
  b.writeUInt16LE(UTF8_NAMES, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt32LE(crc, 14);
  b.writeUInt32LE(size, 18); // compressed size: stored, the same
  b.writeUInt32LE(size, 22);
  b.writeUInt16LE(fileName.length, 26);
  b.writeUInt16LE(0, 28); // no extra field
  return Buffer.concat([b, fileName]);
}

function centralRecord(fileName: Buffer, crc: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION_MADE_BY, 4);
  b.writeUInt16LE(VERSION_NEEDED, 6);
  b.writeUInt16LE(UTF8_NAMES, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(crc, 16);
  b.writeUInt32LE(size, 20);
  b.writeUInt32LE(size, 24);
  b.writeUInt16LE(fileName.length, 28);
  b.writeUInt16LE(0, 30); // extra field
  b.writeUInt16LE(0, 32); // comment
  b.writeUInt16LE(0, 34); // disk
  b.writeUInt16LE(0, 36); // internal attributes
  b.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
  b.writeUInt32LE(offset, 42);
  return Buffer.concat([b, fileName]);
}

function endOfCentralDirectory(entries: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(0, 4);
  b.writeUInt16LE(0, 6);
  b.writeUInt16LE(entries, 8);
  b.writeUInt16LE(entries, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  b.writeUInt16LE(0, 20);
  return b;
}
