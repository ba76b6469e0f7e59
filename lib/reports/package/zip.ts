/**
 * A byte-identical zip for the same files: entries in the given order, stored (not deflated, so
 * the bytes do not depend on the zlib build), with one fixed modification time and mode and no
 * extended timestamp field. Its SHA-256 can therefore be quoted in a paper.
 */
import { ZipFile } from "yazl";

export interface PackageEntry {
  name: string;
  content: string;
}

/** 1980-01-01 00:00 local time: the first instant MS-DOS dates can hold, and no one's real time. */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);

export function zipEntries(entries: readonly PackageEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) {
    zip.addBuffer(Buffer.from(e.content, "utf8"), e.name, { mtime: FIXED_TIME, mode: 0o100644, compress: false, forceDosTimestamp: true });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("error", reject);
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
  });
}
