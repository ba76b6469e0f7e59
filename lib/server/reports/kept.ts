/** Audits whose figures are kept in one process or thread (a full review's snapshot is ~50,000 ratings). */
const KEPT_AUDITS = 8;

/**
 * Values computed once per audit and version of their inputs (the version stamp, a handful of
 * aggregates) and kept: requests that arrive while one is computed wait for the same computation;
 * a failed computation is not kept, so the next request tries again.
 */
export class Kept<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T> }>();

  get(auditId: string, version: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(auditId);
    if (hit?.version === version) return hit.value;
    const value = compute();
    this.entries.delete(auditId);
    this.entries.set(auditId, { version, value });
    if (this.entries.size > KEPT_AUDITS) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => this.entries.get(auditId)?.value === value && this.entries.delete(auditId));
    return value;
  }
}
