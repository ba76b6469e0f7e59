import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { BackupSource } from "./restore-audit";

const GZIP_MAGIC = [0x1f, 0x8b];

function isGzip(file: string): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(2);
    return fs.readSync(fd, head, 0, 2, 0) === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    fs.closeSync(fd);
  }
}

/** A backup file on disk as a re-readable source; gzip is recognised by its first bytes. */
export function openBackupFile(file: string): BackupSource {
  const gzip = isGzip(file);
  return {
    name: path.basename(file),
    open: () => {
      const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
      const text = gzip ? raw.pipe(zlib.createGunzip()) : raw;
      text.setEncoding("utf8");
      return text as AsyncIterable<string>;
    },
  };
}

/** Writes the lines to a file (gzip-compressed by default when its name ends in .gz); returns the bytes written. */
export async function writeBackupFile(lines: AsyncIterable<string>, file: string, gzip = file.endsWith(".gz")): Promise<number> {
  const source = Readable.from(lines, { objectMode: false });
  // 0600 also when overwriting an older, looser file: the mode of open() applies only to new ones.
  const fd = fs.openSync(file, "w", 0o600);
  fs.fchmodSync(fd, 0o600);
  const out = fs.createWriteStream("", { fd });
  await (gzip ? pipeline(source, zlib.createGzip(), out) : pipeline(source, out));
  return fs.statSync(file).size;
}
