// Interval jobs kept in the web process while their ratings are still changing. A thread whose
// every job waits for quiet is stopped (./client.ts): its jobs are held here and handed back to a
// thread once they may start. Asked again meanwhile, a held dimension stays held: for the same
// inputs it keeps its time; for newer ones it waits the whole quiet time again, as the runner's
// would (runner.ts). No database, no thread: the caller says what to do with the jobs due.
import { auditKey, fromAuditKey } from "./protocol";
import type { IntervalProgress, IntervalRequest, WaitingJob } from "./runner";

/** The jobs of one audit that are due, for the caller to ask of a thread. */
export type DueJobs = (url: string, auditId: string, requests: IntervalRequest[]) => void;

export class HeldJobs {
  /** Per auditKey and dimension: the inputs waited for, and when they may start (performance.now()). */
  private readonly held = new Map<string, Map<string, { inputs: string; notBefore: number }>>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly due: DueJobs) {}

  /** Keeps a stopped thread's waiting jobs (`scope`: the database URL). */
  hold(jobs: readonly WaitingJob[]): void {
    const now = performance.now();
    for (const j of jobs) {
      const key = auditKey(j.scope, j.auditId);
      let held = this.held.get(key);
      if (!held) this.held.set(key, (held = new Map()));
      held.set(j.dimension, { inputs: j.inputs, notBefore: now + j.inMs });
    }
    this.schedule();
  }

  /**
   * The requests of an audit that are not held, to be asked of a thread now. A held dimension
   * asked for newer inputs waits `quietMs` from now for them.
   */
  pass(url: string, auditId: string, requests: readonly IntervalRequest[], quietMs: number): IntervalRequest[] {
    const held = this.held.get(auditKey(url, auditId));
    if (!held) return [...requests];
    const now = performance.now();
    const pass = requests.filter((r) => {
      const job = held.get(r.dimension);
      if (!job) return true;
      if (job.inputs !== r.inputs) held.set(r.dimension, { inputs: r.inputs, notBefore: now + quietMs });
      return false;
    });
    this.schedule();
    return pass;
  }

  /** The audit's held jobs as the dashboard shows them: waiting, nothing done. */
  status(url: string, auditId: string): IntervalProgress[] {
    const now = performance.now();
    return [...(this.held.get(auditKey(url, auditId)) ?? [])].map(([dimension, j]) => ({
      dimension,
      inputs: j.inputs,
      done: 0,
      total: 0,
      remainingMs: null,
      quietInMs: Math.max(0, Math.ceil(j.notBefore - now)),
    }));
  }

  clear(): void {
    this.held.clear();
    this.schedule();
  }

  /** Arms the timer for the earliest held job. Never keeps a process alive. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const times = [...this.held.values()].flatMap((held) => [...held.values()].map((j) => j.notBefore));
    if (times.length === 0) return;
    this.timer = setTimeout(() => this.release(), Math.max(0, Math.min(...times) - performance.now()));
    this.timer.unref?.();
  }

  /** Hands each audit's due jobs to the caller, once, and keeps the rest. */
  private release(): void {
    const now = performance.now();
    for (const [key, held] of this.held) {
      const due = [...held].filter(([, j]) => j.notBefore <= now);
      if (due.length === 0) continue;
      for (const [dimension] of due) held.delete(dimension);
      if (held.size === 0) this.held.delete(key);
      const { url, auditId } = fromAuditKey(key);
      this.due(
        url,
        auditId,
        due.map(([dimension, j]) => ({ dimension, inputs: j.inputs })),
      );
    }
    this.schedule();
  }
}
