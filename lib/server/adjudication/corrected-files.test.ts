import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writePartFile } from "./corrected-files";

vi.mock("server-only", () => ({}));

const lines = { open: () => "", record: (s: string) => s, close: () => "" };
/** 200 records of 16 KiB: ~3 MB, so the stream asks to wait (drain) about fifty times. */
const records = () => Array.from({ length: 200 }, (_, i) => `${String(i).padStart(6, "0")}${"x".repeat(16_377)}\n`);

describe("writePartFile", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("writes every byte, and leaves no listener behind per wait", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "part-"));
    dirs.push(dir);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const file = path.join(dir, "part.jsonl");
      const size = await writePartFile(file, lines, records());
      expect(size).toBe(200 * 16_384);
      expect(fs.statSync(file).size).toBe(size);
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it.runIf(fs.existsSync("/dev/full"))("a full disk is an error of the write, not the end of the process", async () => {
    // /dev/full answers every write with ENOSPC.
    await expect(writePartFile("/dev/full", lines, records())).rejects.toMatchObject({ code: "ENOSPC" });
    await expect(writePartFile("/dev/full", lines, ["short\n"])).rejects.toMatchObject({ code: "ENOSPC" });
  });
});
