// Group commit: writes that arrive together share one transaction and one commit. Framework-free
// and database-free (the writer is passed in), so the batching rules are unit-tested alone.

/** One result per input of a batch, in order: a value, or that input's own refusal. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  /** Most inputs in one transaction. */
  maxBatch: number;
  /** How long an idle queue waits for company before its first commit (ms). */
  windowMs: number;
  /**
   * Whether a batch that `write` threw for is written again input by input (default: always).
   * A failure that no single input caused (the database busy or unreachable) says no: retrying
   * each alone would only repeat it once per input.
   */
  isolate?: (error: unknown) => boolean;
  /** Commit at once, without waiting out the window, when this many inputs wait. */
  flushAt?: number;
  /** Whether a waiting window keeps the process alive (default yes; a log need not). */
  unref?: boolean;
}

interface Waiting<T, R> {
  input: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Queues inputs and hands them to `write` in batches: the first input after a quiet spell waits
 * `windowMs` for others, and whatever arrives while a commit is running goes into the next one
 * ("until the current commit finishes"), so under load each commit carries everything that came
 * in meanwhile. Each input is settled only when `write` has returned for its batch, i.e. after
 * its transaction committed. When `write` throws for a batch (nothing of it was written), every
 * input of it is written again alone, so one bad input is refused by itself and never sinks the
 * others (unless `isolate` says the failure was no input's doing).
 */
export class GroupCommit<T, R> {
  private readonly queue: Waiting<T, R>[] = [];
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Batches handed to `write` so far (retries alone included): for tests and diagnostics. */
  batches = 0;

  constructor(
    private readonly write: (batch: T[]) => Promise<Settled<R>[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(input: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.running) return;
      if (this.options.flushAt !== undefined && this.queue.length >= this.options.flushAt) {
        this.start();
        return;
      }
      if (this.timer) return;
      this.timer = setTimeout(() => this.start(), this.options.windowMs);
      if (this.options.unref) this.timer.unref?.();
    });
  }

  /** Commits whatever waits now instead of after the window (shutdown, tests); resolves once written. */
  async flush(): Promise<void> {
    while (this.running || this.queue.length > 0) await (this.running ?? this.start());
  }

  private start(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Called only with inputs waiting, so drain reaches an await before it could finish.
    this.running ??= this.drain();
    return this.running;
  }

  /** Inputs waiting for a commit (for tests and diagnostics). */
  get pending(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, this.options.maxBatch));
    } finally {
      // In the same turn as the last look at the queue: a later submit sees no running drain.
      this.running = null;
    }
  }

  private async commit(batch: Waiting<T, R>[]): Promise<void> {
    try {
      this.batches++;
      const results = await this.write(batch.map((w) => w.input));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} inputs`);
      results.forEach((r, i) => settle(batch[i]!, r));
    } catch (error) {
      if (batch.length === 1 || this.options.isolate?.(error) === false) {
        for (const w of batch) w.reject(error);
        return;
      }
      // The batch's transaction rolled back: each input again, in its own transaction.
      for (const w of batch) {
        try {
          this.batches++;
          const [r] = await this.write([w.input]);
          if (!r) throw new Error("group commit: no result for a single input");
          settle(w, r);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }
}

function settle<T, R>(w: Waiting<T, R>, r: Settled<R>): void {
  if (r.ok) w.resolve(r.value);
  else w.reject(r.error);
}
