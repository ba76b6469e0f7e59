// The latent-class intervals' background work, as one runner per thread (or per process where no
// thread can reach the database): a queue of (audit, dimension, inputs) computations, one at a
// time, each in slices that yield between them, so that a newer request for the same audit and
// dimension supersedes it within a slice and a status request is answered meanwhile.
import "server-only";
import { bootstrapInterval, bootstrapReplicates } from "../../../agreement/latent-class";
import { dawidSkeneWorkspace } from "../../../agreement/dawid-skene";
import type { Db } from "../../../db/client";
import { type LatentIntervalTask, latentIntervalTasks } from "../../../reports/latent-class";
import { log } from "../../log";
import { loadAuditSnapshot } from "../audit-snapshot";
import { hasLatentInterval, saveLatentInterval } from "./rows";

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
}

interface Job extends IntervalRequest {
  db: Db;
  scope: string;
  auditId: string;
  cancelled: boolean;
  done: number;
  total: number;
  startedAt: number;
}

/** What a runner did (tests read it). */
export interface RunnerCounts {
  computed: number;
  superseded: number;
  stale: number;
  /** Snapshots read to build tasks (one serves every dimension of an audit whose inputs still match). */
  read: number;
}

export class IntervalRunner {
  private readonly queue: Job[] = [];
  private running: Job | undefined;
  private draining: Promise<void> = Promise.resolve();
  /** Per scope, audit and dimension: the inputs of the interval kept in the database. */
  private readonly kept = new Map<string, string>();
  /** Per scope and audit, the tasks of the snapshot last read: each dimension's fit and inputs. */
  private readonly tasks = new Map<string, LatentIntervalTask[]>();
  readonly counts: RunnerCounts = { computed: 0, superseded: 0, stale: 0, read: 0 };

  /**
   * Queues the audit's dimensions whose interval is not kept for these inputs. `scope` names the
   * database (its URL): one runner may serve several. A request for other inputs of the same audit
   * and dimension supersedes the one queued or running.
   */
  request(db: Db, scope: string, auditId: string, requests: readonly IntervalRequest[]): void {
    for (const r of requests) {
      const key = `${scope}\u0000${auditId}\u0000${r.dimension}`;
      if (this.kept.get(key) === r.inputs) continue;
      const same = (j: Job) => `${j.scope}\u0000${j.auditId}\u0000${j.dimension}` === key;
      const pending = [this.running, ...this.queue].filter((j): j is Job => j !== undefined && same(j) && !j.cancelled);
      if (pending.some((j) => j.inputs === r.inputs)) continue;
      for (const j of pending) {
        j.cancelled = true;
        this.counts.superseded++;
      }
      this.queue.push({ ...r, db, scope, auditId, cancelled: false, done: 0, total: 0, startedAt: 0 });
    }
    if (!this.running) this.draining = this.drain();
  }

  /** Resolves once the queue is empty (tests). */
  async settled(): Promise<void> {
    while (this.running || this.queue.length) await this.draining;
  }

  /** The audit's intervals queued or being computed. */
  status(scope: string, auditId: string): IntervalProgress[] {
    return [this.running, ...this.queue]
      .filter((j): j is Job => j !== undefined && j.scope === scope && j.auditId === auditId && !j.cancelled)
      .map((j) => {
        const elapsed = performance.now() - j.startedAt;
        const remainingMs = j.done > 0 ? (elapsed / j.done) * (j.total - j.done) : null;
        return { dimension: j.dimension, inputs: j.inputs, done: j.done, total: j.total, remainingMs };
      });
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      if (job.cancelled) continue;
      this.running = job;
      try {
        await this.compute(job);
      } catch (error) {
        log().error({ err: error, auditId: job.auditId, dimension: job.dimension }, "latent-class interval failed");
      } finally {
        this.running = undefined;
      }
    }
  }

  private async compute(job: Job): Promise<void> {
    const key = `${job.scope}\u0000${job.auditId}\u0000${job.dimension}`;
    if (await hasLatentInterval(job.db, job.auditId, job.dimension, job.inputs)) return this.remember(key, job.inputs);
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
      await new Promise((resolve) => setImmediate(resolve));
      if (job.cancelled) return;
    }
    const interval = bootstrapInterval(model, e, settings, values);
    await saveLatentInterval(
      job.db,
      job.auditId,
      { dimension: job.dimension, inputs: job.inputs, interval, values },
      performance.now() - job.startedAt,
    );
    this.counts.computed++;
    this.remember(key, job.inputs);
  }

  /**
   * The job's task: from the audit's tasks last read when its inputs are the job's (the inputs
   * fingerprint what the fit rests on), else from a fresh snapshot. A full review's snapshot takes
   * seconds to read and every dimension's fit is made with it: one read serves all its dimensions.
   */
  private async taskFor(job: Job): Promise<LatentIntervalTask | undefined> {
    const key = `${job.scope}\u0000${job.auditId}`;
    const same = (t: LatentIntervalTask) => t.dimension === job.dimension;
    const kept = this.tasks.get(key)?.find(same);
    if (kept?.inputs === job.inputs) return kept;
    const snapshot = await loadAuditSnapshot(job.db, job.auditId);
    if (!snapshot) return undefined;
    this.counts.read++;
    const tasks = latentIntervalTasks(snapshot);
    this.tasks.delete(key);
    this.tasks.set(key, tasks);
    if (this.tasks.size > READ_AUDITS) this.tasks.delete(this.tasks.keys().next().value!);
    return tasks.find(same);
  }

  private remember(key: string, inputs: string) {
    this.kept.delete(key);
    this.kept.set(key, inputs);
    if (this.kept.size > REMEMBERED) this.kept.delete(this.kept.keys().next().value!);
  }
}
