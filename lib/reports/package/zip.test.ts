import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { type PackageContent, type PackageEntry, type StoredFile, zipEntries } from "./zip";

/** The reference: what yazl 3 writes for the same entries given as buffers (the writer the package used before). */
async function yazlZip(entries: readonly { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const { name, bytes } of entries)
    zip.addBuffer(bytes, name, { mtime: new Date(1980, 0, 1, 0, 0, 0), mode: 0o100644, compress: false, forceDosTimestamp: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A file read in chunks of `chunk` bytes, as a kept download is streamed from disk. */
function stored(bytes: Buffer, chunk = 7): StoredFile {
  return {
    size: bytes.length,
    crc32: crc32(bytes),
    sha256: createHash("sha256").update(bytes).digest("hex"),
    async *read() {
      for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
    },
  };
}

/** A deterministic generator (mulberry32), so that a failure names its seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("zipStream", () => {
  it("writes yazl's bytes for text, bytes and files on disk alike", async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(seed);
      const n = 1 + Math.floor(r() * 12);
      const files = Array.from({ length: n }, (_, i) => {
        const length = r() < 0.15 ? 0 : Math.floor(r() * 5000);
        const bytes = Buffer.from(Array.from({ length }, () => Math.floor(r() * 256)));
        const name = r() < 0.3 ? `dossier/é-${i}-评分.csv` : `file-${i}.txt`;
        return { name, bytes };
      });
      const entries: PackageEntry<PackageContent>[] = files.map(({ name, bytes }, i) => ({
        name,
        content: i % 3 === 0 ? stored(bytes, 1 + Math.floor(r() * 3000)) : i % 3 === 1 ? new Uint8Array(bytes) : bytes.toString("latin1"),
      }));
      // A text entry is written as UTF-8: the reference gets the same bytes.
      const reference = files.map(({ name, bytes }, i) => ({
        name,
        bytes: i % 3 === 2 ? Buffer.from(bytes.toString("latin1"), "utf8") : bytes,
      }));
      expect((await zipEntries(entries)).equals(await yazlZip(reference)), `seed ${seed}`).toBe(true);
    }
  });

  it("writes an archive unzip reads back, files on disk included", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-zip-"));
    try {
      const big = Buffer.alloc(3 * 1024 * 1024 + 17, "ab");
      const zip = await zipEntries([
        { name: "README.md", content: "# Package\n" },
        { name: "data/big.bin", content: stored(big, big.length) },
        { name: "empty.txt", content: "" },
      ]);
      fs.writeFileSync(path.join(dir, "p.zip"), zip);
      execFileSync("unzip", ["-q", "p.zip", "-d", "out"], { cwd: dir });
      expect(fs.readFileSync(path.join(dir, "out", "README.md"), "utf8")).toBe("# Package\n");
      expect(fs.readFileSync(path.join(dir, "out", "data", "big.bin")).equals(big)).toBe(true);
      expect(fs.readFileSync(path.join(dir, "out", "empty.txt")).length).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a file that is not the one recorded, rather than writing a broken archive", async () => {
    const recorded = stored(Buffer.from("the ratings as written"));
    const changed: StoredFile = { ...recorded, read: stored(Buffer.from("the ratings as written!")).read };
    await expect(zipEntries([{ name: "a.csv", content: changed }])).rejects.toThrow(/more than the 22 bytes/);
    const shorter: StoredFile = { ...recorded, read: stored(Buffer.from("the ratings")).read };
    await expect(zipEntries([{ name: "a.csv", content: shorter }])).rejects.toThrow(/holds 11 bytes, not the 22/);
    const same = Buffer.from("the ratings as written");
    same[4] = 0x52; // "R": the same size, other bytes
    const other: StoredFile = { ...recorded, read: stored(same).read };
    await expect(zipEntries([{ name: "a.csv", content: other }])).rejects.toThrow(/CRC-32 differs/);
  });

  it("refuses names that would unpack outside the folder", async () => {
    for (const name of ["/etc/passwd", "../up.txt", "a/../../b", "C:x", "folder/", ""])
      await expect(zipEntries([{ name, content: "x" }]), name).rejects.toThrow(/not a relative file name/);
  });
});
