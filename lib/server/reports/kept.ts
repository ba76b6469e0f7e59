/** Audits whose figures are kept in one process or thread (a full review's snapshot is ~50,000 ratings). */
const KEPT_AUDITS = 8;

/**
 * Values computed once per key (an audit; a rater's queue in one audit) and version of their
 * inputs (the version stamp, a handful of aggregates) and kept: requests that arrive while one is computed wait for the same computation;
 * a failed computation is not kept, so the next request tries again.
 */
export class Kept<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T>; settled: boolean }>();
  /** Per key, the settled value replaced by a computation still running (latest()). */
  private readonly previous = new Map<string, Promise<T>>();

  /**
   * `size`: how many keys are kept, the least recently computed dropped first. `keepReplaced`: a
   * computation replaced by a newer version before it settled becomes latest() when it settles
   * (while the newer one has not), instead of being let go of. For values shown while a newer one
   * is computed (the dashboard's report): when versions come faster than a computation takes, each
   * is replaced before it settles, and latest() would otherwise answer the value from before the
   * first of them for as long as they keep coming. Not for values too large to hold two of.
   */
  constructor(
    private readonly size = KEPT_AUDITS,
    private readonly o: { keepReplaced?: boolean } = {},
  ) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit?.version === version) return hit.value;
    const value = compute();
    const entry = { version, value, settled: false };
    // What latest() answers until the new value settles.
    if (hit?.settled) this.previous.set(key, hit.value);
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.size) this.forget(this.entries.keys().next().value!);
    value.then(
      () => {
        entry.settled = true;
        const now = this.entries.get(key);
        if (now === entry) this.previous.delete(key);
        else if (this.o.keepReplaced && now && !now.settled) this.previous.set(key, value);
      },
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return value;
  }

  /** The value last computed for `key`, whatever its version; undefined: none (or still computing). */
  latest(key: string): Promise<T> | undefined {
    const hit = this.entries.get(key);
    if (hit?.settled) return hit.value;
    return this.previous.get(key);
  }

  /**
   * Lets go of the value a running computation replaces: latest() answers nothing for `key` until
   * it settles. For a computation that does not need the one before (a whole report computed
   * again), so that both are not held at once.
   */
  forgetPrevious(key: string): void {
    this.previous.delete(key);
  }

  /** Lets go of `key`'s value, whatever its version: the next get computes it again. */
  forget(key: string): void {
    this.entries.delete(key);
    this.previous.delete(key);
  }

  /**
   * Lets go of the key computed longest ago, unless it is the only one kept or its value is still
   * being computed; the key let go of, or undefined.
   */
  dropOldest(): string | undefined {
    if (this.entries.size < 2) return undefined;
    const [oldest, entry] = this.entries.entries().next().value!;
    if (!entry.settled) return undefined;
    this.forget(oldest);
    return oldest;
  }

  /** The value of `key`'s newest version, computed or being computed; undefined: none. */
  newest(key: string): Promise<T> | undefined {
    return this.entries.get(key)?.value;
  }

  /** Whether the value for `key` at `version` is kept or being computed. */
  has(key: string, version: string): boolean {
    return this.entries.get(key)?.version === version;
  }

  /** Whether the value for `key` at `version` is computed and kept (not merely being computed). */
  ready(key: string, version: string): boolean {
    const hit = this.entries.get(key);
    return hit?.version === version && hit.settled;
  }
}

/**
 * One computation per key at a time, for the values of a Kept: a computation asked for while
 * another of the same key runs waits for it, and is then answered by the newest version asked for
 * meanwhile (the Kept's entry) instead of being made too; the newest is made once the one before is
 * done. So a burst of versions costs the one running and the last, not one each, and never two at
 * once. A failure does not stop the next. Use as `kept.get(key, version, () => turns.run(key,
 * version, compute))`.
 */
export class OneAtATime<T> {
  private readonly running = new Map<string, Promise<T>>();

  constructor(private readonly kept: Kept<T>) {}

  async run(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const ahead = this.running.get(key);
    if (ahead) {
      await ahead.catch(() => {});
      // A newer version was asked for while this one waited: its computation answers this one.
      const newest = this.kept.newest(key);
      if (newest && !this.kept.has(key, version)) return newest;
      // Another computation of this key took the turn first: wait for it in turn.
      const now = this.running.get(key);
      if (now && now !== ahead) return this.run(key, version, compute);
    }
    const mine = compute();
    this.running.set(key, mine);
    try {
      return await mine;
    } finally {
      if (this.running.get(key) === mine) this.running.delete(key);
    }
  }
}

/**
 * Like Kept, for rendered files (downloads, packages) whose size varies: kept per key and version
 * while their bytes together stay within `budget`, the least recently asked for dropped first. A
 * value larger than the whole budget is returned but not kept. A computation counts once it
 * settles; one still running is never dropped to make room. `onDrop` is told of every settled value
 * dropped or replaced (the files of kept downloads are removed then).
 */
export class KeptFiles<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T>; bytes: number; settled: boolean }>();
  private total = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: T) => number,
    private readonly onDrop: (value: T) => void = () => {},
  ) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit?.version === version) {
      // Most recently used last: eviction takes the first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.drop(key);
    const entry = { version, value: compute(), bytes: 0, settled: false };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.settled = true;
        // Replaced or forgotten while it was computed: nobody asks for it again.
        if (this.entries.get(key) !== entry) return this.onDrop(value);
        const bytes = this.sizeOf(value);
        if (!(bytes <= this.budget)) return this.drop(key);
        entry.bytes = bytes;
        this.total += bytes;
        for (const [oldest, kept] of this.entries) {
          if (this.total <= this.budget) break;
          if (kept.settled) this.drop(oldest);
        }
      },
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return entry.value;
  }

  /** Forgets `key`'s value, whatever its version (its file was found removed). */
  forget(key: string): void {
    this.drop(key);
  }

  /** Bytes kept now (tests read it). */
  keptBytes(): number {
    return this.total;
  }

  /** A computation still running is not told of here: it is when it settles (get). */
  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total -= entry.bytes;
    this.entries.delete(key);
    if (entry.settled) entry.value.then(this.onDrop, () => undefined);
  }
}
