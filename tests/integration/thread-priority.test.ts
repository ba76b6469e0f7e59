// The server's threads (reports, packages, imports) run at a lower priority than the web
// process's event loop, so a report being computed on a busy machine does not slow a rater's
// page (issue #30: the bystander's case page). Linux keeps a nice value per thread.
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const ENTRY = path.resolve("tests/support/threads/tid-entry.ts");
/** The nice value of one thread of this process (field 19 of its stat line). */
const niceOf = (tid: number) => Number(fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ")[16]);

/** Starts a thread through fresh modules (the environment is read once per module instance). */
async function threadNice(options: { priority?: "foreground" | "background" | "idle" } = {}): Promise<number> {
  vi.resetModules();
  const { startThread } = await import("@/lib/server/threads/start");
  const worker = startThread(ENTRY, options);
  try {
    const tid = await new Promise<number>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    return niceOf(tid);
  } finally {
    await worker.terminate();
  }
}

describe.runIf(fs.existsSync("/proc/thread-self"))("a server thread's priority", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  it("is below the event loop's: nice 10 by default, as CLINAUDIT_THREAD_NICE says otherwise", async () => {
    expect(niceOf(process.pid)).toBe(0);
    expect(await threadNice()).toBe(10);
    // A job's heartbeat keeps the process's priority.
    expect(await threadNice({ priority: "foreground" })).toBe(0);
    // Work nobody waits on (the latent-class intervals) yields to a report being computed.
    expect(await threadNice({ priority: "idle" })).toBe(15);
    vi.stubEnv("CLINAUDIT_THREAD_NICE", "0");
    expect(await threadNice()).toBe(0);
    expect(await threadNice({ priority: "idle" })).toBe(5);
    vi.stubEnv("CLINAUDIT_THREAD_NICE", "17");
    expect(await threadNice({ priority: "idle" })).toBe(19);
    // The process's own priority is untouched.
    expect(niceOf(process.pid)).toBe(0);
  });
});
