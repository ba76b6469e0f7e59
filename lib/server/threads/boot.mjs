// A server thread's entry (lib/server/threads/start.ts): the thread runs its entry's bundle when
// the build made one (workerData.bundle), else loads the app's TypeScript through tsx (a
// dependency, as the CLI does) with the project's tsconfig for the `@/` alias, then runs the
// thread's own entry.ts. tsx is imported only then: it starts a loader thread of its own.
import fs from "node:fs";
import os from "node:os";
import { workerData } from "node:worker_threads";

// A thread's work is background work (reports, packages, imports): it yields the processor to
// the requests the web process's event loop serves. Linux keeps a nice value per thread, set
// through the thread's own id; elsewhere (no /proc) the thread keeps the process's priority.
if (workerData.nice > 0) {
  try {
    os.setPriority(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()), workerData.nice);
  } catch {
    // not Linux, or not permitted: run at the process's priority
  }
}

if (workerData.bundle) {
  await import(workerData.bundle);
} else {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: workerData.tsconfig });
  await import(workerData.entry);
}
