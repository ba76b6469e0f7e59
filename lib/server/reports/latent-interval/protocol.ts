// What the web process asks the latent-interval thread, and what it answers.
import type { KeptLatentInterval, LatentIntervalTask } from "../../../reports/latent-class";
import type { IntervalProgress, IntervalRequest, RunnerCounts, WaitingJob } from "./runner";

/** One audit of one database, as both sides key it (a database URL holds no NUL). */
export function auditKey(url: string, auditId: string): string {
  return `${url}\u0000${auditId}`;
}

/** The database URL and audit of an auditKey. */
export function fromAuditKey(key: string): { url: string; auditId: string } {
  const at = key.indexOf("\u0000");
  return { url: key.slice(0, at), auditId: key.slice(at + 1) };
}

/** The thread's start data. */
export interface IntervalThreadData {
  /** RunnerOptions.quietMs: how long a dimension's inputs must stay put before a superseding job starts. */
  quietMs: number;
}

export type IntervalThreadRequest =
  | { op: "ping" }
  | { op: "request"; url: string; auditId: string; requests: IntervalRequest[] }
  | { op: "counts" };

export interface IntervalThreadAnswers {
  /** The answering thread's id. */
  ping: number;
  request: null;
  counts: RunnerCounts;
}

export type IntervalThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/**
 * Sent unasked when the thread's queue has run empty, with the number of "request"s it had
 * received: the web process may stop it if it sent no other since.
 */
export interface IntervalThreadIdle {
  idle: number;
}

/**
 * Sent unasked when every job queued waits for its ratings to be still and none runs, with the
 * number of "request"s received (as IntervalThreadIdle) and the jobs (`scope`: the database URL):
 * the web process may stop the thread and keep the jobs itself until they may start.
 */
export interface IntervalThreadWaiting {
  waiting: number;
  jobs: WaitingJob[];
}

/**
 * Sent by the thread when a job needs the database (IntervalStore: the thread has no client of its
 * own): the web process asks the report thread and answers with IntervalStoreAnswer.
 */
export interface IntervalThreadAsks {
  ask: { id: number; url: string; auditId: string } & IntervalStoreAsk;
}

/** What the thread asks of the database: IntervalStore's three. */
export type IntervalStoreAsk =
  | { op: "tasks" }
  | { op: "has"; dimension: string; inputs: string }
  | { op: "save"; kept: KeptLatentInterval; computeMs: number };

/**
 * The web process's answer to IntervalThreadAsks: the tasks (null: no such audit), whether the
 * interval is kept, or nothing once it is saved; or why not.
 */
export interface IntervalStoreAnswer {
  answer: { id: number; ok: true; value: LatentIntervalTask[] | boolean | null } | { id: number; ok: false; message: string };
}

/**
 * Sent unasked whenever an audit's status (IntervalRunner.status) changes (at most
 * every 200 ms while it draws replicates): the web process keeps the latest per audit and pages
 * read it from there, never waiting for a thread that may be busy for seconds. An empty
 * `progress`: nothing queued or running for the audit any more.
 */
export interface IntervalThreadStatus {
  status: { url: string; auditId: string; progress: IntervalProgress[] };
}
