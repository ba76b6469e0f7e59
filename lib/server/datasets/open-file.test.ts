import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeUtf8 } from "@/lib/formats/checksum";
import { openFile } from "./open-file";

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
});
