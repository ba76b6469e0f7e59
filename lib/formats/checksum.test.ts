import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DatasetChangedError } from "@/lib/formats";
import { decodeUtf8, fingerprint, Utf8Check, verifiedFiles, type ChecksumFile } from "./checksum";

// BOM, 1-, 2-, 3- and 4-byte sequences, a line break inside the 3-byte run.
const TEXT = '\uFEFF{"a":"é – 37 °C"}\n{"b":"≥ 5 µg – 😀"}\n';
const BYTES = Buffer.from(TEXT, "utf8");

/** The formula the importer has always used: SHA-256 over the sorted files' names and UTF-8 text. */
function legacySum(files: { name: string; text: string }[]): string {
  const hash = createHash("sha256");
  for (const f of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    hash.update(`${f.name}\0`);
    hash.update(Buffer.from(f.text, "utf8"));
    hash.update("\0");
  }
  return hash.digest("hex");
}

function pieces(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/**
 * A file whose bytes come in `size`-byte chunks of one reused buffer (overwritten as soon as the
 * next chunk is asked for, like openFile's); `versions` are served on successive opens (the last
 * one repeats).
 */
function file(name: string, versions: Uint8Array[], size = 7): ChecksumFile & { opened: number } {
  const f = {
    name,
    opened: 0,
    current: () => versions[Math.min(f.opened++, versions.length - 1)]!,
    open: async function* () {
      yield Buffer.from(f.current()).toString("utf8");
    },
    openBytes: async function* () {
      const buffer = Buffer.alloc(size);
      for (const piece of pieces(f.current(), size)) {
        buffer.set(piece);
        yield buffer.subarray(0, piece.length);
        buffer.fill(0xff);
      }
    },
  };
  return f;
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = "";
  for await (const c of chunks) all += c;
  return all;
}

describe("Utf8Check", () => {
  it("accepts valid UTF-8 however it is cut into chunks", () => {
    for (const size of [1, 2, 3, 4, 5, 64])
      for (let offset = 0; offset < 4; offset++) {
        const check = new Utf8Check();
        [BYTES.subarray(0, offset), ...pieces(BYTES.subarray(offset), size)].forEach((c) => check.push(c));
        expect(check.end(), `size ${size}, offset ${offset}`).toBe(true);
      }
  });

  it("keeps its own copy of a cut sequence when the caller reuses its buffer", () => {
    const check = new Utf8Check();
    const buffer = Buffer.alloc(5);
    for (const piece of pieces(BYTES, 5)) {
      buffer.set(piece);
      check.push(buffer.subarray(0, piece.length));
      buffer.fill(0xff); // overwritten before the next chunk, as a reused read buffer is
    }
    expect(check.end()).toBe(true);
  });

  it.each([
    ["a lone continuation byte", [0x41, 0x80, 0x41]],
    ["a sequence cut short by the end of the stream", [0x41, 0xe2, 0x80]],
    ["a sequence interrupted by ASCII", [0xe2, 0x41, 0x41]],
    ["an overlong encoding", [0xc0, 0x80]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
    ["a byte that never occurs in UTF-8", [0x41, 0xff]],
  ])("rejects %s, in one chunk or byte by byte", (_, bytes) => {
    for (const size of [1, bytes.length]) {
      const check = new Utf8Check();
      pieces(Uint8Array.from(bytes), size).forEach((c) => check.push(c));
      expect(check.end()).toBe(false);
    }
  });
});

describe("fingerprint", () => {
  it("hashes valid UTF-8 files as bytes, with the legacy dataset checksum", async () => {
    const files = [file("patients.jsonl", [BYTES]), file("instances.jsonl", [Buffer.from("{}\n")])];
    const print = await fingerprint(files);
    expect(print.sum).toBe(
      legacySum([
        { name: "patients.jsonl", text: TEXT },
        { name: "instances.jsonl", text: "{}\n" },
      ]),
    );
    expect([...print.marks.values()].map((m) => m.mode)).toEqual(["bytes", "bytes"]);
  });

  it("hashes a file that is not valid UTF-8 through its decoded text, as before", async () => {
    const broken = Buffer.concat([BYTES, Buffer.from([0x22, 0xe2, 0x28, 0xff, 0x22, 0x0a])]);
    const print = await fingerprint([file("bad.jsonl", [broken])]);
    expect(print.sum).toBe(legacySum([{ name: "bad.jsonl", text: broken.toString("utf8") }]));
    expect(print.marks.get("bad.jsonl")?.mode).toBe("text");
  });

  it("hashes text-only inputs as text", async () => {
    const textOnly: ChecksumFile = {
      name: "b.json",
      open: async function* () {
        yield TEXT.slice(0, 9);
        yield TEXT.slice(9);
      },
    };
    const print = await fingerprint([textOnly]);
    expect(print.sum).toBe(legacySum([{ name: "b.json", text: TEXT }]));
    expect(print.marks.get("b.json")?.mode).toBe("text");
  });
});

describe("verifiedFiles", () => {
  it("reads the decoded text and accepts unchanged files", async () => {
    const files = [file("a.jsonl", [BYTES], 3), file("b.jsonl", [BYTES], 5)];
    const print = await fingerprint(files);
    const pass = verifiedFiles(files, print, "validated");
    for (const f of pass.files) expect(await text(f.open() as AsyncIterable<string>)).toBe(TEXT);
    expect(() => pass.verify()).not.toThrow();
  });

  it("rejects a file whose bytes changed after the checksum, naming it", async () => {
    const edited = Buffer.from(TEXT.replace("37", "38"), "utf8");
    const files = [file("a.jsonl", [BYTES]), file("b.jsonl", [BYTES, edited])];
    const pass = verifiedFiles(files, await fingerprint(files), "validated");
    for (const f of pass.files) await text(f.open() as AsyncIterable<string>);
    expect(() => pass.verify()).toThrow(DatasetChangedError);
    expect(() => pass.verify()).toThrow(/^b\.jsonl changed after it was validated/);
  });

  it("rejects a text-mode file that changed, and ignores files not read to the end", async () => {
    const broken = Buffer.concat([BYTES, Buffer.from([0xff, 0x0a])]);
    // The checksum opens the bad file twice: as bytes, then (not UTF-8) as text.
    const files = [
      file("bad.jsonl", [broken, broken, Buffer.concat([broken, Buffer.from("x")])]),
      file("unread.jsonl", [BYTES, Buffer.from("other")]),
    ];
    const pass = verifiedFiles(files, await fingerprint(files), "validated");
    const [bad, unread] = pass.files;
    for await (const _ of unread!.open() as AsyncIterable<string>) break;
    expect(() => pass.verify()).not.toThrow();
    await text(bad!.open() as AsyncIterable<string>);
    expect(() => pass.verify()).toThrow(/^bad\.jsonl changed/);
  });
});

describe("decodeUtf8", () => {
  it("keeps the BOM and decodes sequences split across chunks", async () => {
    for (const size of [1, 2, 3, 1000])
      expect(
        await text(
          decodeUtf8(
            (async function* () {
              yield* pieces(BYTES, size);
            })(),
          ),
        ),
      ).toBe(TEXT);
  });
});
