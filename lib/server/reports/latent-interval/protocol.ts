// What the web process asks the latent-interval thread, and what it answers.
import type { IntervalProgress, IntervalRequest, RunnerCounts } from "./runner";

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
