// The SQLite file holds password hashes and every rating: readable by its owner only. SQLite
// gives its -wal and -shm files the database file's own mode, so the database is created
// 0600 before SQLite first opens it; files left 0644 by an earlier version are tightened.
import fs from "node:fs";

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Creates the database file owner-only if missing, and makes it and its WAL/SHM files 0600. */
export function secureSqliteFile(file: string): void {
  if (file === ":memory:" || file === "" || file.startsWith("file::memory:")) return;
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      fs.chmodSync(f, PRIVATE_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Creates (or tightens) a directory the app owns, such as the data directory, to 0700. */
export function securePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  fs.chmodSync(dir, PRIVATE_DIR);
}
