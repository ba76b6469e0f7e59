// SQLite (one server process): jobs run in this process, one at a time per kind (an import
// can hold a few hundred MB, and SQLite has one writer anyway), with their progress handed
// straight to the waiters. Nothing survives a restart, as nothing else on SQLite does.
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { JobFailedError, type JobQueue, type JobRegistry, type WaitOptions } from "./types";

interface Entry {
  kind: string;
  state: "queued" | "active" | "completed" | "failed";
  done: Promise<unknown>;
  listeners: Set<WaitOptions>;
}

/** Finished entries are kept this long for late waiters. */
const KEEP_MS = 10 * 60_000;

export function inProcessQueue(registry: JobRegistry, db: Db): JobQueue {
  const jobs = new Map<string, Entry>();
  const tails = new Map<string, Promise<unknown>>();
  return {
    mode: "in-process",
    async enqueue(kind, input) {
      const definition = registry[kind];
      if (!definition) throw new Error(`no job handler for kind "${kind}"`);
      const id = randomUUID();
      const listeners = new Set<WaitOptions>();
      const entry: Entry = { kind, state: "queued", done: Promise.resolve(), listeners };
      const progress = (event: unknown) => {
        for (const l of listeners) l.onProgress?.(event);
      };
      const run = async () => {
        entry.state = "active";
        for (const l of listeners) l.onState?.("active");
        return (definition.handler as (i: unknown, c: unknown) => Promise<unknown>)(input, { jobId: id, db, progress });
      };
      entry.done = (tails.get(kind) ?? Promise.resolve()).then(run);
      entry.done.then(
        () => (entry.state = "completed"),
        () => (entry.state = "failed"),
      );
      entry.done.finally(() => setTimeout(() => jobs.delete(id), KEEP_MS).unref()).catch(() => {});
      tails.set(
        kind,
        entry.done.catch(() => undefined),
      );
      jobs.set(id, entry);
      return id;
    },
    async wait(kind, id, options = {}) {
      const entry = jobs.get(id);
      if (!entry || entry.kind !== kind) throw new JobFailedError(kind, id, "no such job in this process");
      if (entry.state === "queued" || entry.state === "active") options.onState?.(entry.state);
      entry.listeners.add(options);
      try {
        return await entry.done;
      } catch (error) {
        throw new JobFailedError(kind, id, error instanceof Error ? error.message : String(error));
      } finally {
        entry.listeners.delete(options);
      }
    },
    async work() {},
    async stop() {},
  };
}
