// The real production server for the app benchmarks: `npm start` (migrations, bootstrap,
// build if stale, `next start`) on its own port and data dir, stopped with its process group.
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { request } from "../lib/http";
import { spawnTracked, stopTracked } from "../lib/processes";

export interface AppServer {
  base: string;
  /** The process group of `npm start` (its leader's pid); next-server runs in it. */
  group: number;
  /** CPU time (user + system) its next-server process has used so far, in ms. */
  cpuMs(): number;
  /** Why the server is gone, or null while it runs. */
  exited(): string | null;
  /** The last lines the server printed (for error reports). */
  logTail(lines?: number): string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

async function answers(url: string): Promise<boolean> {
  try {
    return (await request(url)).status === 200;
  } catch {
    return false;
  }
}

export async function startApp(options: {
  port: number;
  dataDir: string;
  timeoutMs?: number;
  env?: Record<string, string>;
}): Promise<AppServer> {
  const base = `http://localhost:${options.port}`;
  if (await answers(`${base}/api/health`)) throw new Error(`port ${options.port} is already serving something: choose another with --port`);
  // Inherited settings that would point the server elsewhere are dropped.
  const { DATABASE_URL: _d, CLINAUDIT_DEMO: _demo, NEXTAUTH_SECRET: _s, ...env } = process.env;
  const child: ChildProcess = spawnTracked("npm", ["start"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...env,
      PORT: String(options.port),
      CLINAUDIT_DATA_DIR: options.dataDir,
      NEXTAUTH_URL: base,
      NEXT_TELEMETRY_DISABLED: "1",
      ...options.env,
    },
  });
  const log: string[] = [];
  const keep = (c: Buffer) => {
    log.push(...c.toString("utf8").split("\n").filter(Boolean));
    if (log.length > 2000) log.splice(0, log.length - 1000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exited: string | null = null;
  child.on("exit", (code, signal) => {
    exited = `npm start exited (${signal ? `signal ${signal}` : `code ${code}`}) at ${new Date().toISOString().slice(11, 19)} UTC`;
    log.push(`[bench] ${exited}`);
  });
  const deadline = Date.now() + (options.timeoutMs ?? 15 * 60_000);
  while (!(await answers(`${base}/api/health`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopTracked(child);
      throw new Error(`the app server did not come up on ${base}:\n${log.slice(-15).join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const group = child.pid!;
  // Found once: a scan of /proc on every read would run twice per load in the load generator.
  let pid: number | undefined;
  return {
    base,
    group,
    cpuMs: () => {
      pid ??= nextServerPid(group);
      return processCpuMs(pid);
    },
    exited: () => exited,
    logTail: (n = 15) => log.slice(-n).join("\n"),
    stop: () => stopTracked(child),
  };
}

/** The next-server process of a process group (the one that holds the app). */
export function nextServerPid(group: number): number | undefined {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { name, fields } = procStat(Number(entry));
      if (Number(fields[2]) !== group) continue;
      if (name.startsWith("next-server") || fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("next-server")) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/** Every process of the server's group (npm, the start script, next-server, helpers) with its command line and /proc status. */
export function groupProcesses(group: number): { pid: number; command: string; status: string }[] {
  const found: { pid: number; command: string; status: string }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(procStat(Number(entry)).fields[2]) !== group) continue;
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      found.push({ pid: Number(entry), command, status: fs.readFileSync(`/proc/${entry}/status`, "utf8") });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** /proc/<pid>/stat: the command name, and the fields after it (fields[0] is stat's field 3, the state). */
function procStat(pid: number): { name: string; fields: string[] } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const close = stat.lastIndexOf(")");
  return { name: stat.slice(stat.indexOf("(") + 1, close), fields: stat.slice(close + 2).split(" ") };
}

let ticksPerSecond: number | undefined;

/** Clock ticks (the unit of /proc's CPU times) in ms. */
function ticksMs(ticks: number): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return (ticks * 1000) / ticksPerSecond;
}

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat); NaN when it cannot be read. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const { fields } = procStat(pid);
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3) after the name.
    return ticksMs(Number(fields[11]) + Number(fields[12]));
  } catch {
    return Number.NaN;
  }
}

/** Chromium's process kinds, as its `--type=` switch names them; the browser process has none. */
export type ChromiumKind = "browser" | "renderer" | "gpu-process" | "utility" | "other";

/**
 * The kind of a Chromium process from its command line (/proc/<pid>/cmdline: NUL-separated, or
 * one space-separated string once Chromium has rewritten its title), or null when the program is
 * not Chromium. The GPU process composites every page's frames (in software on a machine
 * without a GPU): one process for all the contexts of a browser, so it can be the queue they wait in.
 */
export function chromiumKind(cmdline: string): ChromiumKind | null {
  const args = cmdline.split(/[\0 ]/).filter(Boolean);
  if (!/^(chromium|chrome|headless_shell|chromium-headless-shell)$/.test(path.basename(args[0] ?? ""))) return null;
  const type = args.find((a) => a.startsWith("--type="))?.slice("--type=".length);
  if (type === undefined) return "browser";
  return type === "renderer" || type === "gpu-process" || type === "utility" ? type : "other";
}

/** The Chromium processes running now: pid → kind. */
function chromiumProcesses(): Map<number, ChromiumKind> {
  const out = new Map<number, ChromiumKind>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const kind = chromiumKind(fs.readFileSync(`/proc/${entry}/cmdline`, "utf8"));
      if (kind) out.set(Number(entry), kind);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * CPU time (user + system, ms) of the Chromium processes started after this call, by kind, until
 * `stop()`: for a browser the bench launches and closes itself. Sampled every `everyMs`, so a page's
 * renderer that ends meanwhile (its page closed) keeps what it had used at its last sample; the
 * time after that sample is lost (at most `everyMs` of it). Browsers already running are left out.
 */
export function chromiumSampler(everyMs = 1000): { stop(): Map<ChromiumKind, number> } {
  const before = new Set(chromiumProcesses().keys());
  const seen = new Map<number, { kind: ChromiumKind; ms: number }>();
  const sample = () => {
    for (const [pid, kind] of chromiumProcesses()) {
      if (before.has(pid)) continue;
      const ms = processCpuMs(pid);
      if (Number.isFinite(ms)) seen.set(pid, { kind, ms });
    }
  };
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop() {
      sample();
      clearInterval(timer);
      const out = new Map<ChromiumKind, number>();
      for (const { kind, ms } of seen.values()) out.set(kind, (out.get(kind) ?? 0) + ms);
      return out;
    },
  };
}

/**
 * The machine's CPU time so far over all its cores (/proc/stat's first line), in ms: `busy` is
 * everything but idle and waiting for I/O. A run's share of a rater-flow row: how many cores the
 * raters' browsers and the server kept busy between them.
 */
export function machineCpuMs(stat = fs.readFileSync("/proc/stat", "utf8")): { busy: number; total: number } {
  const line = stat.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return { busy: Number.NaN, total: Number.NaN };
  // user nice system idle iowait irq softirq steal (guest time is inside user already).
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const [idle = 0, iowait = 0] = ticks.slice(3, 5);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: ticksMs(total - idle - iowait), total: ticksMs(total) };
}
