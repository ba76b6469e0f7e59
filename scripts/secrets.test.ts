import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureSecrets } from "./secrets";

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("ensureSecrets", () => {
  it("creates the data directory 0700 and secrets.json 0600, and tightens a looser existing one", () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-secrets-")), "data");
    const first = ensureSecrets(dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, "secrets.json"))).toBe(0o600);
    fs.chmodSync(path.join(dir, "secrets.json"), 0o644);
    fs.chmodSync(dir, 0o755);
    expect(ensureSecrets(dir)).toEqual(first);
    expect(mode(path.join(dir, "secrets.json"))).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
  });
});
