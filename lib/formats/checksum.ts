// Checksums of benchmark files, taken on the bytes as each pass reads them: the importer and
// `clinaudit evaluate` (which records the checksum of the files it read) use the same code.
//
// The dataset checksum (formula unchanged, so existing datasets still match): SHA-256 over the
// files sorted by name, each as `${name}\0` + its content as UTF-8 + `\0`, where the content is
// the UTF-8 encoding of the file's decoded text. For a valid UTF-8 file that is the file's own
// bytes, so they are hashed as read (no decoding, no re-encoding); a file that is not valid
// UTF-8 is hashed through its decoded text as before (its invalid sequences become U+FFFD).
//
// Later passes re-check each file without a second digest per file: the checksum pass keeps a
// copy of the running hash just before each file's content (`before`) and the digest of a copy
// just after it (`after`); re-hashing the content from `before` must give `after` again.
import { isUtf8 } from "node:buffer";
import { createHash, type Hash } from "node:crypto";
import type { Chunks } from "./csv";
import type { ReopenableFile } from "./parse-dataset";
import { DatasetChangedError } from "./stream-records";

/** A file to import: its text, and optionally its raw bytes (cheaper to hash and decode). */
export interface ChecksumFile {
  name: string;
  /** The file's text; called once per pass, so it must be re-readable. */
  open: () => Chunks;
  /** The same content as bytes (UTF-8 expected). A chunk may be reused once the next one is requested. */
  openBytes?: () => AsyncIterable<Uint8Array>;
}

interface FileMark {
  /** "bytes": valid UTF-8, read and hashed as bytes; "text": hashed as its re-encoded text. */
  mode: "bytes" | "text";
  before: Hash;
  after: string;
}

export interface Fingerprint {
  /** The dataset checksum. */
  sum: string;
  marks: Map<string, FileMark>;
}

/** The first pass: the dataset checksum plus what later passes need to re-check each file. */
export async function fingerprint(files: readonly ChecksumFile[]): Promise<Fingerprint> {
  let hash = createHash("sha256");
  const marks = new Map<string, FileMark>();
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    hash.update(`${file.name}\0`);
    const before = hash.copy();
    let mode: FileMark["mode"] = "text";
    if (file.openBytes) {
      const check = new Utf8Check();
      for await (const bytes of file.openBytes()) {
        hash.update(bytes);
        if (!check.push(bytes)) break;
      }
      if (check.end()) mode = "bytes";
      else hash = before.copy(); // not valid UTF-8: hash its decoded text instead
    }
    if (mode === "text") for await (const chunk of file.open()) hash.update(chunk, "utf8");
    marks.set(file.name, { mode, before, after: hash.copy().digest("hex") });
    hash.update("\0");
  }
  return { sum: hash.digest("hex"), marks };
}

/**
 * The files as a later pass reads them: text chunks, each file hashed as it is read.
 * `verify()` throws DatasetChangedError unless every file read to its end still has the
 * content the fingerprint was taken of; `since` names the earlier pass in its message
 * ("validated" for the writing pass, whose validation pass was verified the same way).
 */
export function verifiedFiles(
  files: readonly ChecksumFile[],
  print: Fingerprint,
  since: "validated" | "checksummed",
): { files: ReopenableFile[]; verify: () => void } {
  const matched = new Map<string, boolean>();
  const read = async function* (file: ChecksumFile): AsyncGenerator<string> {
    const mark = print.marks.get(file.name);
    const hash = mark ? mark.before.copy() : createHash("sha256");
    if (mark?.mode === "bytes" && file.openBytes) yield* decodeUtf8(file.openBytes(), (bytes) => hash.update(bytes));
    else
      for await (const chunk of file.open()) {
        hash.update(chunk, "utf8");
        yield chunk;
      }
    matched.set(file.name, hash.digest("hex") === mark?.after);
  };
  const verify = () => {
    for (const [name, ok] of matched) if (!ok) throw new DatasetChangedError(name, "checksum differs", since);
  };
  return { files: files.map((file) => ({ name: file.name, open: () => read(file) })), verify };
}

/**
 * UTF-8 bytes → text chunks (a BOM is kept, as in fs streams with an encoding). For valid
 * UTF-8 the text equals Node's utf8 decoding; WHATWG's decoder (ICU) was ~1.7× faster than
 * Node's StringDecoder on the benchmark's mostly-ASCII text with scattered non-ASCII characters.
 */
/**
 * Bytes decoded at a time: at most 60K characters, a two-byte string of at most 120 KB, below
 * V8's 128 KiB large-object threshold, so it can die young (1 MiB of text with any non-ASCII
 * character is a 2 MB string in large-object space, kept until a full GC).
 */
const DECODE_CHUNK = 60 * 1024;

export async function* decodeUtf8(chunks: AsyncIterable<Uint8Array>, onBytes?: (bytes: Uint8Array) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const bytes of chunks) {
    onBytes?.(bytes);
    for (let at = 0; at < bytes.length; at += DECODE_CHUNK) {
      const text = decoder.decode(bytes.subarray(at, at + DECODE_CHUNK), { stream: true });
      if (text.length > 0) yield text;
    }
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield rest;
}

/** Length of the UTF-8 sequence a lead byte starts; 1 for bytes that cannot start one (isUtf8 rejects them). */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

/** Whether a byte stream is valid UTF-8, chunk by chunk (sequences may straddle chunks). */
export class Utf8Check {
  /** The start of a sequence the previous chunk ended inside. */
  private carry: Uint8Array = new Uint8Array(0);
  private valid = true;

  /** Adds a chunk; false once the stream is known to be invalid. */
  push(chunk: Uint8Array): boolean {
    if (!this.valid) return false;
    let body = chunk;
    if (this.carry.length > 0) {
      const need = sequenceLength(this.carry[0]!) - this.carry.length;
      const joined = new Uint8Array(this.carry.length + Math.min(need, chunk.length));
      joined.set(this.carry);
      joined.set(chunk.subarray(0, need), this.carry.length);
      if (joined.length < this.carry.length + need) {
        this.carry = joined; // the chunk was shorter than the rest of the sequence
        return true;
      }
      this.carry = new Uint8Array(0);
      if (!isUtf8(joined)) return (this.valid = false);
      body = chunk.subarray(need);
    }
    // A sequence cut by the end of the chunk starts in its last 3 bytes.
    for (let k = body.length - 1; k >= Math.max(0, body.length - 3); k--) {
      const b = body[k]!;
      if ((b & 0xc0) === 0x80) continue; // continuation byte
      if (sequenceLength(b) > body.length - k) {
        this.carry = new Uint8Array(body.subarray(k)); // a copy: the caller may reuse its buffer
        body = body.subarray(0, k);
      }
      break;
    }
    return (this.valid = isUtf8(body));
  }

  /** True if every chunk was valid and no sequence was left unfinished. */
  end(): boolean {
    return this.valid && this.carry.length === 0;
  }
}
