import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileStreams } from "../download";
import { downloadBody, makeDownloadsDir, present, removeLater, storeDownload } from "./download-files";

const made: string[] = [];
function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-downloads-"));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const meta = { fileName: "ratings.csv", type: "text/csv" };
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const chunks =
  (...texts: string[]) =>
  () =>
    texts.map((t) => Buffer.from(t));

async function bytesOf(body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

describe("storeDownload", () => {
  it("writes the bytes to a new file, whole, with their size and SHA-256", async () => {
    const dir = scratch();
    const stored = await storeDownload(dir, chunks("a,b\n", "1,2\n", "é\n"), meta);
    const expected = Buffer.from("a,b\n1,2\né\n");
    expect("path" in stored && path.dirname(stored.path)).toBe(dir);
    expect(stored).toMatchObject({ ...meta, size: expected.length, sha256: sha(expected) });
    expect(await bytesOf(await downloadBody(stored))).toEqual(expected);
    expect(fs.readdirSync(dir)).toHaveLength(1); // no .part left
    const again = await storeDownload(dir, chunks("a,b\n"), meta);
    expect("path" in again && "path" in stored && again.path !== stored.path).toBe(true);
  });

  it("answers from memory when the disk refuses the file, with the same bytes", async () => {
    const gone = path.join(scratch(), "removed");
    const stored = await storeDownload(gone, chunks("x", "y"), meta);
    expect("bytes" in stored).toBe(true);
    expect(stored).toMatchObject({ size: 2, sha256: sha(Buffer.from("xy")) });
    expect(await bytesOf(await downloadBody(stored))).toEqual(Buffer.from("xy"));
    expect((await storeDownload(null, chunks("z"), meta)).size).toBe(1);
  });

  it("passes a failed rendering on, and leaves no partial file", async () => {
    const dir = scratch();
    const failing = () =>
      (function* () {
        yield Buffer.from("half");
        throw new Error("rendering failed");
      })();
    await expect(storeDownload(dir, failing, meta)).rejects.toThrow("rendering failed");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe("a kept download's file", () => {
  it("is removed after the delay, and is then no longer present", async () => {
    const stored = await storeDownload(scratch(), chunks("x"), meta);
    expect(present(stored)).toBe(true);
    removeLater(stored, 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(present(stored)).toBe(false);
    expect(present(null)).toBe(true);
  });

  it("is sent whole when removed after the route opened it", async () => {
    const stored = await storeDownload(scratch(), chunks("a".repeat(3 << 20)), meta);
    const body = await downloadBody(stored);
    if ("path" in stored) fs.rmSync(stored.path);
    expect((await bytesOf(body)).length).toBe(3 << 20);
  });
});

describe("makeDownloadsDir", () => {
  it("removes the folders of processes that are gone, and nothing else", () => {
    const root = scratch();
    // A process that has exited: its pid is not running (pids are not reused this fast).
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    for (const name of [`${dead}-old`, `${process.pid}-sibling`, "notes"]) fs.mkdirSync(path.join(root, name));
    const dir = makeDownloadsDir(root);
    expect(path.basename(dir).startsWith(`${process.pid}-`)).toBe(true);
    expect(fs.readdirSync(root).sort()).toEqual([path.basename(dir), `${process.pid}-sibling`, "notes"].sort());
  });
});

describe("fileStreams", () => {
  it("closes every file when the download is cancelled before its first byte", async () => {
    const dir = scratch();
    fs.writeFileSync(path.join(dir, "a"), "a");
    const handle = await fs.promises.open(path.join(dir, "a"), "r");
    await fileStreams(["text", handle]).cancel();
    expect(handle.fd).toBe(-1);
  });
});
