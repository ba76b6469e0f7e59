// First-start setup (admin, demo users, demo data) must run once even when several app
// processes start together on one database: each checks "is there an admin yet?" and then
// creates one, so without a lock two of them both create it and the second dies on
// User_email_key. PostgreSQL: a session advisory lock on a connection of its own, held while
// the setup runs through the app's client. SQLite: a lock file beside the database (a SQLite
// write lock cannot be held from a second connection while the app's connection writes).
import fs from "node:fs";
import pg from "pg";
import type { DbTarget } from "./target";
import { processAlive } from "../process-alive";

/** Not the migration lock (72707369): the setup runs after migrations, in a separate step. */
export const SETUP_LOCK_ID = 72707370;

export async function withSetupLock<T>(target: DbTarget, run: () => Promise<T>, options: { waitMs?: number } = {}): Promise<T> {
  const waitMs = options.waitMs ?? 10 * 60_000;
  if (target.provider === "postgres") return withAdvisoryLock(target.url, run);
  if (target.file === ":memory:") return run();
  return withLockFile(`${target.file}.setup-lock`, waitMs, run);
}

async function withAdvisoryLock<T>(url: string, run: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK_ID]);
    try {
      return await run();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

async function withLockFile<T>(file: string, waitMs: number, run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(file, { encoding: "utf8", flag: "r" }).trim());
      // A holder that died (crash, kill -9) leaves its file behind: take it over.
      if (Number.isInteger(holder) && holder > 0 && !processAlive(holder)) {
        fs.rmSync(file, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`first-start setup is still held by process ${holder} (${file})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(file, { force: true });
  }
}
