/** Audits whose figures are kept in one process or thread (a full review's snapshot is ~50,000 ratings). */
const KEPT_AUDITS = 8;

/**
 * Values computed once per key (an audit; a rater's queue in one audit) and version of their
 * inputs (the version stamp, a handful of aggregates) and kept: requests that arrive while one is computed wait for the same computation;
 * a failed computation is not kept, so the next request tries again.
 */
export class Kept<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T> }>();

  /** `size`: how many keys are kept, the least recently computed dropped first. */
  constructor(private readonly size = KEPT_AUDITS) {}

  get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit?.version === version) return hit.value;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }
}
