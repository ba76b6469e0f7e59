// Backups hold every password hash: written owner-only, also over an older, readable file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeBackupFile } from "./files";

async function* lines() {
  yield '{"kind":"header"}\n';
}

describe("writeBackupFile", () => {
  it("writes 0600, also when replacing a 0644 file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-backup-mode-"));
    for (const name of ["new.jsonl", "new.jsonl.gz"]) {
      const file = path.join(dir, name);
      await writeBackupFile(lines(), file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      fs.chmodSync(file, 0o644);
      await writeBackupFile(lines(), file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
