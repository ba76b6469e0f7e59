// A thread entry for tests/integration/thread-priority.test.ts: answers with its own thread id (Linux).
import fs from "node:fs";
import { parentPort } from "node:worker_threads";

parentPort?.postMessage(Number(fs.readlinkSync("/proc/thread-self").split("/").pop()));
