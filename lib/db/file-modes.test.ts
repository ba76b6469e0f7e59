// Files at rest (issue 16, finding 6): the database and its WAL/SHM files are owner-only, also
// when an older version left them 0644; the data directory is 0700.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDb } from "./client";
import { applyMigrations } from "./migrate";
import { parseDatabaseUrl } from "./target";
import { securePrivateDir, secureSqliteFile } from "./file-modes";

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("file modes at rest", () => {
  it("a new SQLite database, its WAL and SHM files are 0600 once the app has written to it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-modes-"));
    const file = path.join(dir, "clinaudit.db");
    const url = `file:${file}`;
    await applyMigrations(parseDatabaseUrl(url));
    const db = createDb(url);
    await db.signInAttempt.create({ data: { key: "k", windowStart: new Date() } });
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
    await db.$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("files an older version left readable are tightened at the next start", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-modes-"));
    const file = path.join(dir, "clinaudit.db");
    await applyMigrations(parseDatabaseUrl(`file:${file}`));
    fs.writeFileSync(`${file}-wal`, "");
    for (const f of [file, `${file}-wal`]) fs.chmodSync(f, 0o644);
    fs.chmodSync(dir, 0o755);
    await applyMigrations(parseDatabaseUrl(`file:${file}`)); // SQLite removes the empty WAL on close
    expect(mode(file)).toBe(0o600);
    fs.writeFileSync(`${file}-wal`, "");
    fs.chmodSync(`${file}-wal`, 0o644);
    secureSqliteFile(file);
    expect(mode(`${file}-wal`)).toBe(0o600);
    securePrivateDir(dir);
    expect(mode(dir)).toBe(0o700);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
