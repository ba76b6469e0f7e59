// The job queue's one small interface: long work (imports, reports) is enqueued by kind,
// run by a worker (another process on PostgreSQL, this one on SQLite) and waited for with its
// progress. Handlers are registered per kind; inputs, outputs and progress are plain JSON.
import type { Db } from "../../db/client";

/** What a handler is given besides its input. */
export interface JobContext {
  jobId: string;
  /** The database client of the process running the job. */
  db: Db;
  /** Reports progress to whoever waits for the job (JSON; may be dropped when frequent). */
  progress(event: unknown): void;
}

export type JobHandler<I = unknown, O = unknown> = (input: I, context: JobContext) => Promise<O>;

/** How long a job may run before it counts as abandoned (its worker died) and is run again. */
export interface KindOptions {
  expireInSeconds: number;
  /** Further attempts after an abandoned or failed run. */
  retryLimit: number;
}

export interface JobDefinition<I = unknown, O = unknown> extends KindOptions {
  handler: JobHandler<I, O>;
  /**
   * Jobs with the same key run one at a time across every worker (pg-boss "singleton" policy):
   * a second request for the same work waits and then finds it done (the handler checks).
   */
  singletonKey?: (input: I) => string;
}

export type JobRegistry = Record<string, JobDefinition<never, unknown>>;

/**
 * A job kind as callers name it: its queue name with its definition, so runJob(db, datasetImportJob, …)
 * is typed by the handler and "go to definition" reaches it (lib/server/jobs/handlers.ts).
 */
export interface JobKind<K extends string = string, I = unknown, O = unknown> extends JobDefinition<I, O> {
  readonly kind: K;
}

export function jobKind<K extends string, I, O>(kind: K, definition: JobDefinition<I, O>): JobKind<K, I, O> {
  return { kind, ...definition };
}

/** Where a job stands, as a waiter sees it. */
export type JobState = "queued" | "active" | "completed" | "failed";

export interface WaitOptions {
  onProgress?: (event: unknown) => void;
  /** Called when the job is first seen queued (waiting for a worker) and when it starts. */
  onState?: (state: "queued" | "active") => void;
  /** Called when a run stopped before it finished (its worker died, or it threw) and the job was queued again. */
  onRetry?: (retry: JobRetry) => void;
}

export interface JobRetry {
  /** The attempt about to run (2 for the first retry) and how many there may be in all. */
  attempt: number;
  attempts: number;
  /** The run's worker stopped sending heartbeats (killed, out of memory, machine gone). */
  workerStopped: boolean;
}

export interface JobQueue {
  readonly mode: "postgres" | "in-process";
  /** Enqueues a job of `kind`; returns its id. */
  enqueue(kind: string, input: unknown): Promise<string>;
  /** The job's output once it completed; rejects with JobFailedError if it failed. */
  wait(kind: string, id: string, options?: WaitOptions): Promise<unknown>;
  /** Starts running jobs in this process (PostgreSQL; a no-op in-process, where enqueue runs them). */
  work(): Promise<void>;
  stop(): Promise<void>;
}

export class JobFailedError extends Error {
  constructor(
    readonly kind: string,
    readonly jobId: string,
    reason: string,
    /** Set when the last run ended because its worker stopped; `attempts` runs were made. */
    readonly stopped?: { attempts: number },
  ) {
    super(`job ${kind} ${jobId} failed: ${reason}`);
    this.name = "JobFailedError";
  }
}
