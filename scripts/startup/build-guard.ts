// Start-up safety for `npm start`: a build never replaces `.next` under a running server, and a
// server never starts on a build of other code.
// - Every serving `npm start` registers itself in `.clinaudit-run/server-<pid>.json` (removed on
//   exit; a file whose process is gone is ignored and cleaned up).
// - Deciding whether to build, building and registering happen under `.clinaudit-run/build.lock`
//   (created exclusively), so two starts cannot race each other.
// - A build is recorded in `.next/clinaudit-build.json` with a fingerprint of the code's content;
//   the build is current only when that fingerprint matches the code now. A build made outside
//   `npm start` (`next build`, different BUILD_ID) falls back to comparing modification times.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { processAlive } from "../../lib/process-alive";

/** What a build is made from. */
export const SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "types",
  "public",
  "proxy.ts",
  "next.config.js",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];
const RUN_DIR = ".clinaudit-run";
const RECORD = "clinaudit-build.json";

export class StartRefused extends Error {}

function files(root: string, rel: string, out: string[]): string[] {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return out;
  if (!fs.statSync(full).isDirectory()) {
    out.push(rel);
    return out;
  }
  for (const entry of fs.readdirSync(full).sort()) {
    // Tests and notes are not built: editing them must not force a rebuild (or a refusal). Nor
    // are the bench's static baselines, written into public/ while a bench runs (bench/app/statics.ts).
    if (entry === "node_modules" || entry.startsWith(".") || entry.startsWith("bench-static-") || /\.test\.tsx?$|\.md$/.test(entry))
      continue;
    files(root, path.join(rel, entry), out);
  }
  return out;
}

/** SHA-256 over every source file's path and content (tests and Markdown excluded: they are not built). */
export function sourceFingerprint(root: string, sources = SOURCES): string {
  const hash = createHash("sha256");
  for (const rel of sources.flatMap((s) => files(root, s, [])))
    hash
      .update(`${rel}\0`)
      .update(fs.readFileSync(path.join(root, rel)))
      .update("\0");
  return hash.digest("hex");
}

function newestMtime(root: string, sources: string[]): number {
  return Math.max(0, ...sources.flatMap((s) => files(root, s, [])).map((rel) => fs.statSync(path.join(root, rel)).mtimeMs));
}

function buildId(root: string): string | null {
  try {
    return fs.readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8").trim();
  } catch {
    return null;
  }
}

/** Whether `.next` was built from the code as it is now. */
export function buildIsCurrent(root: string, sources = SOURCES): boolean {
  const id = buildId(root);
  if (!id) return false;
  const fingerprint = sourceFingerprint(root, sources);
  try {
    const record = JSON.parse(fs.readFileSync(path.join(root, ".next", RECORD), "utf8")) as { buildId?: string; fingerprint?: string };
    if (record.buildId === id) return record.fingerprint === fingerprint;
  } catch {
    // no record: built outside npm start
  }
  const current = newestMtime(root, sources) <= fs.statSync(path.join(root, ".next", "BUILD_ID")).mtimeMs;
  if (current) recordBuild(root, sources, fingerprint);
  return current;
}

export function recordBuild(root: string, sources = SOURCES, fingerprint = sourceFingerprint(root, sources)): void {
  const id = buildId(root);
  if (id) fs.writeFileSync(path.join(root, ".next", RECORD), JSON.stringify({ buildId: id, fingerprint }) + "\n");
}

export interface ServerRecord {
  pid: number;
  port: number;
  startedAt: string;
}

/** The servers running from this checkout (records of dead processes are removed). */
export function runningServers(root: string): ServerRecord[] {
  const dir = path.join(root, RUN_DIR);
  if (!fs.existsSync(dir)) return [];
  const servers: ServerRecord[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => /^server-\d+\.json$/.test(n))) {
    const file = path.join(dir, name);
    try {
      const record = JSON.parse(fs.readFileSync(file, "utf8")) as ServerRecord;
      if (record.pid !== process.pid && processAlive(record.pid)) servers.push(record);
      else if (record.pid !== process.pid) fs.rmSync(file, { force: true });
    } catch {
      fs.rmSync(file, { force: true });
    }
  }
  return servers;
}

/** Registers this process as serving from the checkout; returns the function that unregisters it. */
export function registerServer(root: string, port: number): () => void {
  const dir = path.join(root, RUN_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `server-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }) + "\n");
  return () => fs.rmSync(file, { force: true });
}

/** Blocks the thread for `ms` (the start script is synchronous up to here; nothing else runs meanwhile). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `work` holding the checkout's build lock. Another live start holding it is waited for (up
 * to `waitMs`; it may be building): starts side by side — the e2e runs, two instances of a pair —
 * then go one after the other instead of refusing. Refused: the wait ran out, or this very
 * process already holds the lock (a nested call would wait for itself).
 */
export function withBuildLock<T>(root: string, work: () => T, options: { waitMs?: number; log?: (line: string) => void } = {}): T {
  const dir = path.join(root, RUN_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, "build.lock");
  const deadline = Date.now() + (options.waitMs ?? 20 * 60_000);
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder = 0;
      try {
        holder = Number(fs.readFileSync(lock, "utf8"));
      } catch {
        continue; // released between our write and our read
      }
      if (!(holder > 0)) {
        sleepSync(20); // created but its pid not yet written: read again
        continue;
      }
      if (!processAlive(holder)) {
        fs.rmSync(lock, { force: true }); // left by a start that died
        continue;
      }
      if (holder === process.pid || Date.now() >= deadline)
        throw new StartRefused(
          `another start in this checkout (pid ${holder}) is building or starting the app; wait for it, then start again.`,
        );
      if (!told) (options.log ?? console.log)(`Waiting for another start in this checkout (pid ${holder}) to finish building or starting…`);
      told = true;
      sleepSync(200);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

export function prepareToServe(root: string, port: number, build: () => number, log: (line: string) => void = console.log): () => void {
  return withBuildLock(
    root,
    () => {
      if (!buildIsCurrent(root)) {
        const running = runningServers(root);
        if (running.length > 0) {
          const who = running.map((s) => `pid ${s.pid} on port ${s.port}`).join(", ");
          throw new StartRefused(
            `the code changed since the last build, and a ClinAudit server is running from this checkout (${who}). ` +
              "Building now would replace the files its pages load. Stop that server first, then start again.",
          );
        }
        log("Building the app (first start, or the code changed)…");
        const built = sourceFingerprint(root); // what the build reads; a change during it is caught below
        const status = build();
        if (status !== 0) throw new StartRefused(`the build failed (exit status ${status}).`);
        recordBuild(root, SOURCES, built);
        if (!buildIsCurrent(root)) throw new StartRefused("the code changed while the app was being built; start again to build it.");
      }
      return registerServer(root, port);
    },
    { log },
  );
}
