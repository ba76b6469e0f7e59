// Worker threads of the web process (the report thread, import threads): each runs its entry
// through boot.mjs, with its own database clients. A production server starts the entry's bundle
// made by `next build` (scripts/build/thread-bundles.mjs); otherwise (tests, the command line,
// a build without bundles) the thread loads the entry's TypeScript from the checkout through tsx.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { ResourceLimits, Worker } from "node:worker_threads";
import { parseDatabaseUrl } from "../../db/target";
import { CHECKOUT } from "../../checkout";
import { env } from "../../env";

/**
 * Taken from the runtime rather than imported: the bundler follows `new Worker(…)` of an imported
 * worker_threads into the thread's files (and tsx, and esbuild's binary) and fails the build.
 */
const Threads = process.getBuiltinModule("node:worker_threads");
// The threads' files are read from the checkout (lib/checkout.ts): tsx loads their sources, not the build.
const BOOT = path.join(CHECKOUT, "lib", "server", "threads", "boot.mjs");
/** Looked for once: a checkout without the threads' files (none ships so today) works in process. */
const BOOT_PRESENT = fs.existsSync(BOOT);
/** The build's bundles of the thread entries (scripts/build/thread-bundles.mjs writes them). */
const BUNDLES = path.join(CHECKOUT, ".next", "server-threads");

let manifest: Record<string, string> | undefined;
/**
 * The bundle of `entry` made by the build this server runs, or null: only a production server
 * runs bundles (tests and the command line run the sources they are given), and a build without
 * bundles, or an entry the build did not bundle, runs from the sources as before.
 */
export function bundledEntry(entry: string, production = process.env.NODE_ENV === "production"): string | null {
  if (!production) return null;
  if (manifest === undefined) {
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(BUNDLES, "manifest.json"), "utf8")) as Record<string, string>;
    } catch {
      manifest = {};
    }
  }
  const file = manifest[path.relative(CHECKOUT, entry).split(path.sep).join("/")];
  return file ? path.join(BUNDLES, file) : null;
}

/** A thread's folder under lib/server of the checkout, e.g. threadDir("reports", "thread"). */
export function threadDir(...parts: string[]): string {
  return path.join(CHECKOUT, "lib", "server", ...parts);
}

/**
 * Whether a thread can serve this database: it opens its own connection, which an in-memory
 * SQLite database cannot share; and the checkout must hold the threads' files.
 */
export function threadServes(url: string): boolean {
  const target = parseDatabaseUrl(url);
  return !(target.provider === "sqlite" && target.file === ":memory:") && BOOT_PRESENT;
}

export function bootPresent(): boolean {
  return BOOT_PRESENT;
}

/**
 * Starts a thread running `entry` (a .ts file), with `workerData.data` and the given heap limits,
 * at the background priority CLINAUDIT_THREAD_NICE (boot.mjs): on a busy machine a report being
 * computed waits for the processor, a rater's page does not. `priority: "foreground"` keeps the
 * process's priority, for a thread whose few milliseconds must not wait (a job's heartbeat);
 * `"idle"` goes 5 below the background (nice 15 by default), for work nobody waits on (the
 * latent-class intervals' 10,000 refits), so that it yields to a report being computed.
 */
export function startThread(
  entry: string,
  options: { data?: unknown; resourceLimits?: ResourceLimits; priority?: "foreground" | "background" | "idle" } = {},
): Worker {
  const background = env().CLINAUDIT_THREAD_NICE;
  const nice = options.priority === "foreground" ? 0 : options.priority === "idle" ? Math.min(19, background + 5) : background;
  return new Threads.Worker(BOOT, {
    workerData: { entry, bundle: bundledEntry(entry), tsconfig: path.join(CHECKOUT, "tsconfig.json"), data: options.data, nice },
    // Server modules guard themselves with `server-only`, a no-op under this condition only.
    execArgv: ["--conditions=react-server"],
    ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
  });
}

/** How far a capped thread's heap may grow over its setting, doubling each time it runs out. */
const MAX_HEAP_GROWTH = 8;

/**
 * The heap (MB) a thread that stopped with `error` restarts with: twice `heapMb` when it ran out
 * of heap and twice is within MAX_HEAP_GROWTH× `settingMb`; null otherwise (it failed for another
 * reason, or may not grow further).
 */
export function grownHeapMb(error: unknown, heapMb: number, settingMb: number): number | null {
  const outOfMemory = (error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
  return outOfMemory && heapMb * 2 <= settingMb * MAX_HEAP_GROWTH ? heapMb * 2 : null;
}
