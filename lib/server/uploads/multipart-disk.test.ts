// A disk that fails under an upload: full, failing, not ours or read-only. The upload ends at
// once, says which, and leaves nothing behind.
import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { request, uploadRoots, uploads } from "./__fixtures__/multipart-body";
import { receiveMultipart } from "./multipart";

const root = uploadRoots();

/**
 * A slow disk (each write `delayMs`) that fails with `code` once `free` bytes are written; with
 * no room at all it fails at open, as a folder not ours or a read-only mount does.
 */
function failingDisk(code: string, free: number, delayMs: number) {
  let written = 0;
  const createSink = (file: string) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (written + chunk.length > free)
          return callback(Object.assign(new Error(`${code}: disk error, write`), { code, syscall: "write" }));
        fs.appendFileSync(file, chunk);
        written += chunk.length;
        setTimeout(callback, delayMs);
      },
    });
    if (free === 0) process.nextTick(() => sink.destroy(Object.assign(new Error(`${code}: open '${file}'`), { code, syscall: "open" })));
    return sink;
  };
  return { createSink, written: () => written };
}

/** One file part "big.jsonl" of `size` bytes received onto `createSink`; "hung" after 5 s. */
async function receiveBig(dir: string, size: number, createSink: (file: string) => Writable) {
  const started = Date.now();
  const hung = new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 5000).unref());
  const result = await Promise.race([
    receiveMultipart(request([{ field: "files", filename: "big.jsonl", size }]), { maxBytes: 1 << 30, root: dir, createSink }),
    hung,
  ]);
  return { result, ms: Date.now() - started };
}

describe("receiveMultipart on a failing disk", () => {
  it("a disk that fills mid-file ends the upload at once as disk-full and removes the partial file", async () => {
    const dir = root();
    // A slow disk with 2 MiB free (the parser is waiting for it to drain): writes land, then ENOSPC.
    const disk = failingDisk("ENOSPC", 2 * 1024 * 1024, 20);
    const { result, ms } = await receiveBig(dir, 16 * 1024 * 1024, disk.createSink);
    expect(result).toMatchObject({ ok: false, reason: "disk-full", error: { code: "ENOSPC" } });
    expect(ms).toBeLessThan(1000);
    expect(disk.written()).toBeGreaterThan(0);
    expect(uploads(dir)).toEqual([]);
  });

  // Issue 31: a disk error other than a full disk (a failing disk, a folder not ours, a read-only
  // mount) ends the upload at once, names the file, and keeps nothing.
  it.each([
    ["EIO", "mid-file", 1024 * 1024],
    ["EACCES", "at open", 0],
    ["EROFS", "at open", 0],
  ])("a disk error %s %s ends the upload as write-failed, naming the file, and removes what was written", async (code, _when, free) => {
    const dir = root();
    const { result, ms } = await receiveBig(dir, 8 * 1024 * 1024, failingDisk(code, free, 5).createSink);
    expect(result).toMatchObject({ ok: false, reason: "write-failed", file: "big.jsonl", error: { code } });
    expect(ms).toBeLessThan(1000);
    expect(uploads(dir)).toEqual([]);
  });

  it("an upload folder that cannot be made is a write failure, not a throw", async () => {
    const dir = root();
    const notAFolder = path.join(dir, "file");
    fs.writeFileSync(notAFolder, "");
    const result = await receiveMultipart(request([{ field: "files", filename: "a.csv", size: 10 }]), {
      maxBytes: 1 << 30,
      root: path.join(notAFolder, "uploads"),
    });
    expect(result).toMatchObject({ ok: false, reason: "write-failed", error: { code: "ENOTDIR" } });
    expect(result).not.toHaveProperty("file");
  });
});
