import fs from "node:fs";
import path from "node:path";
import type { ImportFile } from "./import-dataset";

/**
 * Read sizes. Bytes in 1 MiB reads (fewer round trips to the thread pool; the importer decodes
 * them 64 KiB at a time); text in 64 KiB chunks, small enough for V8's young generation (1 MiB
 * of text with any non-ASCII character is a 2 MB two-byte string, allocated in large-object
 * space and kept until a full GC).
 */
const BYTES_CHUNK = 1 << 20;
const TEXT_CHUNK = 1 << 16;

/** A file on disk as an import input (re-readable; as text, or as bytes for hashing and fast decoding). */
export function openFile(file: string, name = path.basename(file)): ImportFile {
  return {
    name,
    open: () => fs.createReadStream(file, { encoding: "utf8", highWaterMark: TEXT_CHUNK }) as AsyncIterable<string>,
    openBytes: () => readInto(file, Buffer.allocUnsafe(BYTES_CHUNK)),
  };
}

/**
 * The file's bytes, read into one buffer over and over: each chunk is only valid until the next
 * is requested (the importer hashes and decodes a chunk before asking for the next). A stream
 * allocating 1 MiB per read held ~100 MB of spent buffers between collections.
 */
async function* readInto(file: string, buffer: Buffer): AsyncGenerator<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    for (let n = (await handle.read(buffer, 0, buffer.length, null)).bytesRead; n > 0; n = (await handle.read(buffer, 0, buffer.length, null)).bytesRead)
      yield buffer.subarray(0, n);
  } finally {
    await handle.close();
  }
}
