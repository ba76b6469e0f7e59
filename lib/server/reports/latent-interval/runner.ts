// The latent-class intervals' background work, as one runner per thread (or per process where no
// thread can reach the database): a queue of (audit, dimension, inputs) computations, one at a
// time, each in slices that yield between them, so that a newer request for the same audit and
// dimension supersedes it within a slice and its status is told (onStatus) meanwhile. While
// ratings are still arriving (newer inputs asked for within `quietMs` of the last), a request
// waits until they have been still for `quietMs`: an open dashboard during a rating session
// would otherwise start 10,000 refits after every change and throw each away at the next.
import "server-only";
import { bootstrapInterval, bootstrapReplicates } from "../../../agreement/latent-class";
import { dawidSkeneWorkspace } from "../../../agreement/rating-patterns";
import type { KeptLatentInterval, LatentIntervalTask } from "../../../reports/latent-class";
import { log } from "../../log";

/** How long one slice of replicates runs before the runner yields (ms). */
const SLICE_MS = 50;
/** Audits' dimensions whose kept inputs are remembered, so that a repeated request needs no database read. */
const REMEMBERED = 256;
/** Audits whose last read tasks are kept for their other dimensions' jobs. */
const READ_AUDITS = 4;

export interface IntervalRequest {
  dimension: string;
  /** bootstrapInputs of the report that asked: the runner computes only for these inputs. */
  inputs: string;
}

/** Where one dimension's interval stands in the runner. */
export interface IntervalProgress {
  dimension: string;
  inputs: string;
  /** Replicates done of the total; 0 while queued or loading. */
  done: number;
  total: number;
  /** Estimated from the replicates done so far; null before the first slice. */
  remainingMs: number | null;
  /** Waiting for the ratings to be still (ms until it may start); 0 once it may. */
  quietInMs: number;
}

export interface RunnerOptions {
  /** How long the inputs of a dimension must stay the same before a superseding request starts (ms). */
  quietMs?: number;
  /** Called each time the queue has run empty. */
  onIdle?: () => void;
  /**
   * Called each time nothing may start before the ratings are still: every job queued waits for
   * quiet (`inMs` each), none runs. A thread that only waits may be stopped and asked again later.
   */
  onWaiting?: (jobs: WaitingJob[]) => void;
  /**
   * Called whenever what `status` says of an audit may have changed: a request queued or
   * superseded, a job started or ended, each slice of replicates (many times a second).
   */
  onStatus?: (scope: string, auditId: string) => void;
}

/**
 * What a job reads and keeps, for the database its request names: store.ts's databaseStore reads
 * the database itself; the latent-interval thread, which has no database client (its isolate
 * would hold one for two small reads and a write per interval), asks the web process, which asks
 * the report thread (entry.ts): that thread keeps the audit's snapshot, so a full review's tasks
 * come without a second read of it.
 */
export interface IntervalStore {
  /** Whether the audit's dimension has an interval kept for these inputs. */
  has(auditId: string, dimension: string, inputs: string): Promise<boolean>;
  /** Keeps one dimension's interval, replacing the one computed from its earlier ratings. */
  save(auditId: string, kept: KeptLatentInterval, computeMs: number): Promise<void>;
  /** The audit's interval tasks as of its current ratings; null: no such audit. */
  tasks(auditId: string): Promise<LatentIntervalTask[] | null>;
}

interface Job extends IntervalRequest {
  store: IntervalStore;
  scope: string;
  auditId: string;
  cancelled: boolean;
  done: number;
  total: number;
  startedAt: number;
  /** performance.now() before which it does not start: the ratings are still changing. */
  notBefore: number;
}

/** A queued job that waits for its ratings to be still, for `inMs` more. */
export interface WaitingJob extends IntervalRequest {
  scope: string;
  auditId: string;
  inMs: number;
}

/** What a runner did (tests read it). */
export interface RunnerCounts {
  computed: number;
  superseded: number;
  stale: number;
  /** Times the audit's tasks were read (one read serves every dimension of an audit whose inputs still match). */
  read: number;
}

export class IntervalRunner {
  private readonly queue: Job[] = [];
  private running: Job | undefined;
  /** True while drain() runs, including its waits for quiet: one drain at a time. */
  private active = false;
  /** Ends a drain's wait for quiet early: a request came, which may start now. */
  private wake: (() => void) | undefined;
  private draining: Promise<void> = Promise.resolve();
  /** Per scope, audit and dimension: the inputs asked for last, and when they were first asked. */
  private readonly asked = new Map<string, { inputs: string; at: number }>();
  /** Per scope, audit and dimension: the inputs of the interval kept in the database. */
  private readonly kept = new Map<string, string>();
  /** Per scope and audit, the tasks of the snapshot last read: each dimension's fit and inputs. */
  private readonly tasks = new Map<string, LatentIntervalTask[]>();
  readonly counts: RunnerCounts = { computed: 0, superseded: 0, stale: 0, read: 0 };

  constructor(private readonly options: RunnerOptions = {}) {}

  /**
   * Queues the audit's dimensions whose interval is not kept for these inputs. `scope` names the
   * database (its URL): one runner may serve several. A request for other inputs of the same audit
   * and dimension supersedes the one queued or running; when it comes within `quietMs` of the
   * inputs it replaces, it waits until no newer inputs have come for `quietMs`.
   */
  request(store: IntervalStore, scope: string, auditId: string, requests: readonly IntervalRequest[]): void {
    const now = performance.now();
    const quietMs = this.options.quietMs ?? 0;
    for (const r of requests) {
      const key = `${scope}\u0000${auditId}\u0000${r.dimension}`;
      if (this.kept.get(key) === r.inputs) continue;
      const last = this.asked.get(key);
      const moving = last !== undefined && last.inputs !== r.inputs && now - last.at < quietMs;
      if (last?.inputs !== r.inputs) remember(this.asked, key, { inputs: r.inputs, at: now });
      const same = (j: Job) => `${j.scope}\u0000${j.auditId}\u0000${j.dimension}` === key;
      const pending = [this.running, ...this.queue].filter((j): j is Job => j !== undefined && same(j) && !j.cancelled);
      if (pending.some((j) => j.inputs === r.inputs)) continue;
      for (const j of pending) {
        j.cancelled = true;
        this.counts.superseded++;
      }
      const notBefore = moving ? now + quietMs : now;
      this.queue.push({ ...r, store, scope, auditId, cancelled: false, done: 0, total: 0, startedAt: 0, notBefore });
    }
    // A drain waiting for quiet looks again: a job may start now, or it says again what waits.
    this.wake?.();
    this.options.onStatus?.(scope, auditId);
    if (!this.active) this.draining = this.drain();
  }

  /** Resolves once the queue is empty (tests). */
  async settled(): Promise<void> {
    while (this.active) await this.draining;
  }

  /** The audit's intervals queued or being computed. */
  status(scope: string, auditId: string): IntervalProgress[] {
    return [this.running, ...this.queue]
      .filter((j): j is Job => j !== undefined && j.scope === scope && j.auditId === auditId && !j.cancelled)
      .map((j) => {
        const elapsed = performance.now() - j.startedAt;
        const remainingMs = j.done > 0 ? (elapsed / j.done) * (j.total - j.done) : null;
        const quietInMs = Math.max(0, Math.ceil(j.notBefore - performance.now()));
        return { dimension: j.dimension, inputs: j.inputs, done: j.done, total: j.total, remainingMs, quietInMs };
      });
  }

  private async drain(): Promise<void> {
    this.active = true;
    try {
      for (;;) {
        const live = this.queue.filter((j) => !j.cancelled);
        this.queue.splice(0, this.queue.length, ...live);
        if (live.length === 0) break;
        const now = performance.now();
        const next = live.findIndex((j) => j.notBefore <= now);
        if (next < 0) {
          this.options.onWaiting?.(
            live.map((j) => ({
              scope: j.scope,
              auditId: j.auditId,
              dimension: j.dimension,
              inputs: j.inputs,
              inMs: Math.ceil(j.notBefore - now),
            })),
          );
          await this.quiet(Math.min(...live.map((j) => j.notBefore)) - now);
          continue;
        }
        const job = this.queue.splice(next, 1)[0]!;
        this.running = job;
        this.options.onStatus?.(job.scope, job.auditId);
        try {
          await this.compute(job);
        } catch (error) {
          log().error({ err: error, auditId: job.auditId, dimension: job.dimension }, "latent-class interval failed");
        } finally {
          this.running = undefined;
          this.options.onStatus?.(job.scope, job.auditId);
        }
      }
    } finally {
      this.active = false;
    }
    this.options.onIdle?.();
  }

  /** Waits `ms`, or less when a request that may start at once comes. Never keeps a process alive. */
  private quiet(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => {
      this.wake = undefined;
    });
  }

  private async compute(job: Job): Promise<void> {
    const key = `${job.scope}\u0000${job.auditId}\u0000${job.dimension}`;
    if (await job.store.has(job.auditId, job.dimension, job.inputs)) return this.remember(key, job.inputs);
    const task = await this.taskFor(job);
    // The ratings moved on since the report that asked: the newer report asks for its own.
    if (!task || task.inputs !== job.inputs) {
      this.counts.stale++;
      return;
    }
    const { model, e, settings } = task;
    const values = new Float64Array(settings.replicates);
    const ws = dawidSkeneWorkspace(model.patterns);
    job.total = settings.replicates;
    job.startedAt = performance.now();
    while (job.done < job.total) {
      const until = performance.now() + SLICE_MS;
      while (job.done < job.total && performance.now() < until) {
        bootstrapReplicates(model, e, settings, job.done, job.done + 1, values, ws);
        job.done++;
      }
      this.options.onStatus?.(job.scope, job.auditId);
      await new Promise((resolve) => setImmediate(resolve));
      if (job.cancelled) return;
    }
    const interval = bootstrapInterval(model, e, settings, values);
    await job.store.save(
      job.auditId,
      { dimension: job.dimension, inputs: job.inputs, interval, values },
      performance.now() - job.startedAt,
    );
    this.counts.computed++;
    this.remember(key, job.inputs);
  }

  /**
   * The job's task: from the audit's tasks last read when its inputs are the job's (the inputs
   * fingerprint what the fit rests on), else loaded again (IntervalStore.tasks). A full review's
   * snapshot takes seconds to read and every dimension's fit is made with it: one read serves all
   * its dimensions.
   */
  private async taskFor(job: Job): Promise<LatentIntervalTask | undefined> {
    const key = `${job.scope}\u0000${job.auditId}`;
    const same = (t: LatentIntervalTask) => t.dimension === job.dimension;
    const kept = this.tasks.get(key)?.find(same);
    if (kept?.inputs === job.inputs) return kept;
    const tasks = await job.store.tasks(job.auditId);
    if (!tasks) return undefined;
    this.counts.read++;
    this.tasks.delete(key);
    this.tasks.set(key, tasks);
    if (this.tasks.size > READ_AUDITS) this.tasks.delete(this.tasks.keys().next().value!);
    return tasks.find(same);
  }

  private remember(key: string, inputs: string) {
    remember(this.kept, key, inputs);
  }
}

/** Sets `key` as the newest entry of `map`, forgetting the oldest past REMEMBERED. */
function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value!);
}
