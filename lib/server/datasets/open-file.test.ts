import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { decodeUtf8 } from "@/lib/formats/checksum";
import { openFile, UnreadableFileError } from "./open-file";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-open-file-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// ~2.6 MB: several 1 MiB reads, with multi-byte characters cut by read boundaries.
const TEXT = `\uFEFF${Array.from({ length: 40_000 }, (_, k) => `{"n":${k},"t":"≥ 5 µg – 😀 ${"x".repeat(k % 37)}"}`).join("\n")}\n`;
const FILE = path.join(dir, "big.jsonl");
fs.writeFileSync(FILE, TEXT);

describe("openFile", () => {
  it("reads the same bytes and text as the file holds, as bytes and as text", async () => {
    const copies: Buffer[] = [];
    for await (const chunk of openFile(FILE).openBytes!()) copies.push(Buffer.from(chunk)); // chunks are reused: copy
    expect(copies.length).toBeGreaterThan(2);
    expect(Buffer.concat(copies).equals(fs.readFileSync(FILE))).toBe(true);
    let text = "";
    for await (const chunk of decodeUtf8(openFile(FILE).openBytes!())) text += chunk;
    expect(text).toBe(TEXT);
    text = "";
    for await (const chunk of openFile(FILE).open()) text += chunk;
    expect(text).toBe(TEXT);
  });

  it("can be left early, and re-opened", async () => {
    const file = openFile(FILE);
    for await (const _ of file.openBytes!()) break;
    let n = 0;
    for await (const chunk of file.openBytes!()) n += chunk.length;
    expect(n).toBe(fs.statSync(FILE).size);
  });

  it("reports a file that cannot be read when it is read", async () => {
    const missing = openFile(path.join(dir, "missing.jsonl"));
    await expect(async () => {
      for await (const _ of missing.openBytes!());
    }).rejects.toThrow(/ENOENT/);
  });

  // Issue 31, finding 1: an 18.6 MB discharge.csv.gz of 3.1 GB was inflated without a limit.
  it("refuses a gzip bomb while it streams, at the ratio cap, naming the file, the bytes and the cap", async () => {
    const row = "1-DS-1,700001,600001,DS,1,2160-01-15 00:00:00,,the same note again\n";
    const bomb = path.join(dir, "bomb.gz");
    fs.writeFileSync(bomb, gzipSync(Buffer.from(row.repeat((32 << 20) / row.length))));
    const caps = { maxBytes: 1 << 30, ratio: 100, floor: 1 << 20 };
    let unpacked = 0;
    const read = async () => {
      for await (const chunk of openFile(bomb, "discharge.csv.gz", caps).openBytes!()) unpacked += chunk.length;
    };
    const refused = await read().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnreadableFileError);
    expect(refused).toMatchObject({ file: "discharge.csv.gz" });
    expect((refused as Error).message).toMatch(
      /^unpacks to more than 100 times its compressed size \([\d,]+ bytes unpacked from the first [\d,]+ compressed bytes\): a decompression bomb, not a data file; the cap is 100× beyond the first 1 MiB \(CLINAUDIT_MAX_UNPACK_RATIO\)$/,
    );
    // Stopped once 100× the compressed bytes read so far (here the whole small file), not at 32 MiB.
    expect(unpacked).toBeLessThanOrEqual(100 * fs.statSync(bomb).size);
  });

  it("refuses a file that unpacks past the absolute cap, and reads one within both caps whole", async () => {
    const gz = path.join(dir, "big.jsonl.gz");
    fs.writeFileSync(gz, gzipSync(Buffer.from(TEXT)));
    const text = async (caps: { maxBytes: number; ratio: number; floor: number }) => {
      let out = "";
      for await (const chunk of openFile(gz, "big.jsonl.gz", caps).open()) out += chunk;
      return out;
    };
    await expect(text({ maxBytes: 1 << 20, ratio: 100, floor: 1 << 20 })).rejects.toThrow(
      /^unpacks to more than 1 MiB \([\d,]+ bytes unpacked from the first [\d,]+ compressed bytes\); the cap is 1 MiB per file \(CLINAUDIT_MAX_UNPACKED\)$/,
    );
    expect(await text({ maxBytes: 8 << 20, ratio: 100, floor: 1 << 20 })).toBe(TEXT);
  });
});
