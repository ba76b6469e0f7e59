// An import thread (started by ./client.ts through threads/boot.mjs, ahead of need): waits for
// one dataset import, runs it with its own database client under the heap cap it was started
// with, and ends.
import { parentPort } from "node:worker_threads";
import { createDb } from "../../../db/client";
import { runDatasetImport } from "../dataset-import";
import type { ImportThreadData, ImportThreadMessage } from "./protocol";

const send = (message: ImportThreadMessage) => parentPort!.postMessage(message);

parentPort!.once("message", async ({ url, input }: ImportThreadData) => {
  const db = createDb(url);
  try {
    const outcome = await runDatasetImport(input, { db, progress: (event) => send({ type: "progress", event: event as never }) });
    await db.$disconnect();
    send({ type: "done", outcome });
  } catch (error) {
    await db.$disconnect().catch(() => {});
    send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
});
