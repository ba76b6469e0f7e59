// What the web process asks the latent-interval thread, and what it answers.
import type { IntervalProgress, IntervalRequest, RunnerCounts } from "./runner";

/** The thread's start data. */
export interface IntervalThreadData {
  /** RunnerOptions.quietMs: how long a dimension's inputs must stay put before a superseding job starts. */
  quietMs: number;
}

export type IntervalThreadRequest =
  | { op: "ping" }
  | { op: "request"; url: string; auditId: string; requests: IntervalRequest[] }
  | { op: "status"; url: string; auditId: string }
  | { op: "counts" };

export interface IntervalThreadAnswers {
  /** The answering thread's id. */
  ping: number;
  request: null;
  status: IntervalProgress[];
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
