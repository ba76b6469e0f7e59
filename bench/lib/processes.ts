// Child processes of the benchmark run: each in its own process group, so stopping one also
// stops what it started (npm → start script → next-server). Everything still running, and
// every registered clean-up, is dealt with on exit, Ctrl-C and SIGTERM.
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

const running = new Set<ChildProcess>();
const cleanups = new Set<() => void>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Starts a command as the leader of a new process group, tracked until it exits. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  running.add(child);
  child.on("exit", () => running.delete(child));
  return child;
}

/** SIGTERM to the child's whole group; SIGKILL if it has not exited after `graceMs`. */
export async function stopTracked(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
  // The group may outlive its leader (e.g. next-server after npm exits).
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // the whole group is gone
  }
}

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a tracked child to completion; its output is captured and, with `echo`, shown prefixed. */
export function runTracked(command: string, args: readonly string[], options: SpawnOptions & { echo?: string } = {}): Promise<ChildResult> {
  const { echo, ...spawnOptions } = options;
  const child = spawnTracked(command, args, { ...spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const show = (chunk: string) => {
    if (echo !== undefined) process.stderr.write(chunk.replace(/^(?=.)/gm, echo));
  };
  let partial = "";
  child.stdout!.setEncoding("utf8").on("data", (c: string) => {
    stdout += c;
    // Whole lines only: the JSON result line (which may come in many chunks) is for the parent.
    const lines = (partial + c).split("\n");
    partial = lines.pop()!;
    show(
      lines
        .filter((l) => !l.startsWith("{"))
        .map((l) => `${l}\n`)
        .join(""),
    );
  });
  child.stderr!.setEncoding("utf8").on("data", (c: string) => {
    stderr += c;
    show(c);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A synchronous clean-up (e.g. removing a file) to run at exit; returns its remover. */
export function onCleanup(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

function cleanUpNow(): void {
  for (const child of running) signalGroup(child, "SIGKILL");
  for (const fn of cleanups) {
    try {
      fn();
    } catch {
      // best effort at exit
    }
  }
  cleanups.clear();
}

let installed = false;
/** Kills every tracked process group and runs the clean-ups on exit, Ctrl-C and SIGTERM. */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on("exit", cleanUpNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      process.stderr.write(`\nbench: ${signal}: stopping servers and child processes…\n`);
      cleanUpNow();
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  }
}
