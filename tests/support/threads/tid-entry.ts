// A thread entry for tests/integration/thread-priority.test.ts: answers with its own thread id
// (Linux), then stays until the test has read that thread's priority and terminates it: a thread
// that ended at once could be gone from /proc before the read (seen about once in 40 runs).
import fs from "node:fs";
import { parentPort } from "node:worker_threads";

parentPort?.postMessage(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()));
setInterval(() => {}, 60_000);
