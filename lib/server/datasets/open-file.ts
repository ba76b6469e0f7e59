import fs from "node:fs";
import path from "node:path";
import { createGunzip } from "node:zlib";
import { env } from "../../env";
import { type DomainMessage, english } from "../../i18n/domain";
import { DEFAULT_UNPACK_CAPS, unpackOverCap, type UnpackCaps } from "../../formats/reader-limits";
import type { ChecksumFile as ImportFile } from "../../formats/checksum";

/**
 * Read sizes. Bytes in 1 MiB reads (fewer round trips to the thread pool; the importer decodes
 * them 64 KiB at a time); text in 64 KiB chunks, small enough for V8's young generation (1 MiB
 * of text with any non-ASCII character is a 2 MB two-byte string, allocated in large-object
 * space and kept until a full GC).
 */
const BYTES_CHUNK = 1 << 20;
const TEXT_CHUNK = 1 << 16;

/** A file the importer cannot read as what its name says (a broken .gz): reported, located at the file. */
export class UnreadableFileError extends Error {
  override name = "UnreadableFileError";
  constructor(
    readonly file: string,
    readonly said: DomainMessage,
  ) {
    super(english(said));
  }
}

/** The decompression caps of this process: reader-limits.ts's defaults, as the environment overrides them. */
export function unpackCaps(): UnpackCaps {
  const e = env();
  return {
    ...DEFAULT_UNPACK_CAPS,
    maxBytes: e.CLINAUDIT_MAX_UNPACKED ?? DEFAULT_UNPACK_CAPS.maxBytes,
    ratio: e.CLINAUDIT_MAX_UNPACK_RATIO ?? DEFAULT_UNPACK_CAPS.ratio,
  };
}

/**
 * A file on disk as an import input (re-readable; as text, or as bytes for hashing and fast
 * decoding). A `.gz` (MIMIC-IV-Note ships discharge.csv.gz) is inflated as it streams, never
 * whole: the importer reads, hashes and validates the decompressed text.
 */
export function openFile(file: string, name = path.basename(file), caps?: UnpackCaps): ImportFile {
  if (name.toLowerCase().endsWith(".gz")) return openGzip(file, name, caps ?? unpackCaps());
  return {
    name,
    open: () => fs.createReadStream(file, { encoding: "utf8", highWaterMark: TEXT_CHUNK }) as AsyncIterable<string>,
    openBytes: () => readInto(file, BYTES_CHUNK),
  };
}

/**
 * The file's bytes, read alternately into two buffers: the next read runs while the caller
 * works on the current chunk, and a chunk is only valid until the next one is requested (the
 * importer hashes and decodes a chunk before asking for the next). A stream allocating 1 MiB
 * per read held ~100 MB of spent buffers between collections.
 */
async function* readInto(file: string, size: number): AsyncGenerator<Buffer> {
  const handle = await fs.promises.open(file, "r");
  const buffers = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)];
  const read = (k: number) => {
    const p = handle.read(buffers[k]!, 0, size, null);
    p.catch(() => undefined); // a failed read-ahead surfaces when awaited, not as an unhandled rejection
    return p;
  };
  let pending = read(0);
  try {
    for (let k = 0; ; k ^= 1) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) return;
      pending = read(k ^ 1);
      yield buffers[k]!.subarray(0, bytesRead);
    }
  } finally {
    await pending.catch(() => undefined); // never close the file under a read in flight
    await handle.close();
  }
}

/**
 * Inflated as it streams, under the caps: the unpacked bytes are compared with the compressed
 * bytes read so far, so a bomb is refused after the ratio floor, not after gigabytes.
 */
function openGzip(file: string, name: string, caps: UnpackCaps): ImportFile {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    const packed = fs.createReadStream(file, { highWaterMark: BYTES_CHUNK });
    let read = 0;
    packed.on("data", (chunk) => (read += chunk.length));
    const stream = packed.pipe(createGunzip({ chunkSize: TEXT_CHUNK }));
    let unpacked = 0;
    try {
      for await (const chunk of stream) {
        unpacked += (chunk as Buffer).length;
        const over = unpackOverCap(unpacked, read, caps);
        if (over) throw new UnreadableFileError(name, over);
        yield chunk as Buffer;
      }
    } catch (error) {
      if (error instanceof UnreadableFileError) throw error;
      throw new UnreadableFileError(name, {
        code: "formats.notGzip",
        values: { detail: String((error as { code?: unknown }).code ?? "") },
      });
    } finally {
      stream.destroy();
      packed.destroy();
    }
  }
  async function* text(): AsyncGenerator<string> {
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    for await (const chunk of bytes()) {
      const s = decoder.decode(chunk, { stream: true });
      if (s.length > 0) yield s;
    }
    const rest = decoder.decode();
    if (rest.length > 0) yield rest;
  }
  return { name, open: text, openBytes: bytes };
}
