// Per-field save queue (no React). Guarantees, because a resident may rate for
// hours and a lost rating silently corrupts an audit:
// - one request in flight per field; later edits coalesce and the latest wins,
//   so an older value can never overwrite a newer one;
// - "saved" only after the server acknowledged;
// - failures retry forever with exponential backoff (1 s, 2 s, 4 s … 30 s), except a
//   refusal because the session ended: that waits, value kept, until resume() after sign-in;
// - every unacknowledged value is handed to `persist` (localStorage in the UI)
//   so a reload or crash can re-send it (see `restore`).
import { backoffDelay, judgeSend, type PendingEntry, reconcilePending, sendErrorMessage, type SendVerdict } from "./save-policy";
import type { FieldStatus, FieldView, QueueSnapshot, RestoreReport, SaveQueueOptions } from "./save-queue-types";

type Timer = ReturnType<typeof setTimeout>;

interface Field<V, C> {
  confirmed: C;
  pending: { value: V } | null;
  inFlight: { value: V } | null;
  failures: number;
  debounce: Timer | null;
  retry: Timer | null;
  status: FieldStatus<V>;
}

export class SaveQueue<V, C> {
  private readonly fields = new Map<string, Field<V, C>>();
  private readonly listeners = new Set<() => void>();
  private readonly opts: SaveQueueOptions<V, C>;
  private readonly equals: (a: V, b: V) => boolean;
  private snapshot: QueueSnapshot<V, C>;
  private disposed = false;

  constructor(initial: Record<string, C>, options: SaveQueueOptions<V, C>) {
    this.opts = options;
    this.equals = options.equals ?? Object.is;
    for (const [key, confirmed] of Object.entries(initial)) this.fields.set(key, this.blank(confirmed));
    this.snapshot = this.buildSnapshot();
  }

  // --- reading -------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot<V, C> => this.snapshot;

  get(key: string): FieldView<V, C> {
    return this.snapshot.fields[key] ?? this.view(this.field(key));
  }

  hasUnsaved(): boolean {
    return this.snapshot.unsaved > 0;
  }

  // --- writing -------------------------------------------------------------

  /** Record the user's latest value. `debounceMs` delays the send (typing). */
  set(key: string, value: V, debounceMs = 0): void {
    const f = this.field(key);
    if (f.inFlight ? this.equals(value, f.inFlight.value) : this.equals(value, this.opts.valueOf(f.confirmed))) {
      // Back to what is already saved or being saved: nothing new to send.
      f.pending = null;
      this.clearTimer(f, "debounce");
      if (!f.inFlight) {
        // Reverted to the server's value: a pending retry has nothing left to send.
        this.clearTimer(f, "retry");
        f.failures = 0;
        f.status = { kind: "idle" };
      }
      this.commit(key);
      return;
    }
    f.pending = { value };
    this.clearTimer(f, "debounce");
    if (f.retry) {
      // Server is failing: keep the backoff; the newest value goes out on the next try.
    } else if (debounceMs > 0) {
      f.debounce = setTimeout(() => {
        f.debounce = null;
        this.pump(key);
      }, debounceMs);
      if (!f.inFlight) f.status = { kind: "pending" };
    } else {
      this.commit(key); // persist before sending: the send may never come back
      this.pump(key);
      return;
    }
    this.commit(key);
  }

  /** Send debounced values now (blur, leaving the page, Escape). */
  flush(key?: string): void {
    for (const k of key === undefined ? [...this.fields.keys()] : [key]) {
      const f = this.fields.get(k);
      if (f?.debounce) {
        this.clearTimer(f, "debounce");
        this.pump(k);
      }
    }
  }

  /** Skip the backoff wait ("Retry now", coming back online). */
  retryNow(key?: string): void {
    for (const k of key === undefined ? [...this.fields.keys()] : [key]) {
      const f = this.fields.get(k);
      if (f?.retry) {
        this.clearTimer(f, "retry");
        this.pump(k);
      }
    }
  }

  /** Send again what waited for a sign-in (and skip any backoff wait). */
  resume(): void {
    for (const [k, f] of this.fields) {
      if (f.status.kind !== "signedOut") continue;
      f.status = { kind: "idle" };
      this.pump(k); // "saving" when something is pending
      if (!f.inFlight) this.commit(k);
    }
  }

  /** Adopt a newer server value (e.g. after a refresh) unless the user has unsaved edits. */
  syncConfirmed(key: string, confirmed: C): void {
    const f = this.field(key);
    if (f.pending || f.inFlight) return;
    if (this.opts.versionOf(confirmed) <= this.opts.versionOf(f.confirmed)) return;
    f.confirmed = confirmed;
    this.commit(key);
  }

  /** Re-send values persisted by an earlier page (see reconcilePending). */
  restore(entries: Record<string, PendingEntry<V>>): RestoreReport {
    const report: RestoreReport = { resent: [], stale: [] };
    for (const [key, entry] of Object.entries(entries)) {
      const f = this.field(key);
      if (f.pending || f.inFlight) continue; // the user already acted on this page: that wins
      const server = { value: this.opts.valueOf(f.confirmed), version: this.opts.versionOf(f.confirmed) };
      const decision = reconcilePending(entry, server, this.equals);
      if (decision === "resend") {
        report.resent.push(key);
        this.set(key, entry.value);
      } else {
        if (decision === "stale") report.stale.push(key);
        this.writePersist(key, null);
      }
    }
    return report;
  }

  /** Stop timers. In-flight requests still settle and update state. */
  dispose(): void {
    this.disposed = true;
    for (const f of this.fields.values()) {
      this.clearTimer(f, "debounce");
      this.clearTimer(f, "retry");
    }
  }

  // --- internals -----------------------------------------------------------

  private pump(key: string): void {
    const f = this.field(key);
    if (this.disposed || f.inFlight || f.retry || !f.pending || f.status.kind === "signedOut") return;
    this.clearTimer(f, "debounce");
    const value = f.pending.value;
    f.pending = null;
    f.inFlight = { value };
    f.status = { kind: "saving", failures: f.failures };
    this.commit(key);
    void this.run(key, f, value);
  }

  private async run(key: string, f: Field<V, C>, value: V): Promise<void> {
    let verdict: SendVerdict<C>;
    try {
      verdict = judgeSend(await this.opts.send(key, value, f.confirmed), value, this.opts.valueOf, this.equals);
    } catch (error) {
      verdict = { kind: "failed", error: sendErrorMessage(error) };
    }
    f.inFlight = null;
    if (verdict.kind === "acknowledged") {
      f.confirmed = verdict.current;
      f.failures = 0;
      if (f.pending && this.equals(f.pending.value, this.opts.valueOf(verdict.current))) f.pending = null;
      f.status = f.pending ? { kind: "saving", failures: 0 } : { kind: "saved", at: this.now() };
      if (f.pending && f.debounce) f.status = { kind: "pending" };
      this.commit(key);
      if (!f.debounce) this.pump(key);
      return;
    }
    if (verdict.kind === "conflict") {
      // Another tab or window saved first: show theirs, keep ours for "use mine".
      const discarded = f.pending?.value ?? value;
      f.confirmed = verdict.current;
      f.pending = null;
      f.failures = 0;
      f.status = { kind: "conflict", at: this.now(), discarded };
    } else if (verdict.kind === "signedOut") {
      // Kept (and persisted) for after sign-in; retrying now would only be refused again.
      f.pending ??= { value };
      f.status = { kind: "signedOut" };
    } else {
      f.failures += 1;
      f.pending ??= { value }; // a newer edit supersedes the failed value
      const delay = backoffDelay(f.failures, this.opts.baseDelayMs, this.opts.maxDelayMs);
      if (!this.disposed) {
        f.retry = setTimeout(() => {
          f.retry = null;
          this.pump(key);
        }, delay); // the retry sends everything pending
      }
      f.status = { kind: "retrying", failures: f.failures, retryAt: this.now() + delay, error: verdict.error };
    }
    this.clearTimer(f, "debounce");
    this.commit(key);
  }

  private field(key: string): Field<V, C> {
    let f = this.fields.get(key);
    if (!f) {
      f = this.blank(this.opts.fallback(key));
      this.fields.set(key, f);
    }
    return f;
  }

  private blank(confirmed: C): Field<V, C> {
    return { confirmed, pending: null, inFlight: null, failures: 0, debounce: null, retry: null, status: { kind: "idle" } };
  }

  private clearTimer(f: Field<V, C>, which: "debounce" | "retry"): void {
    const t = f[which];
    if (t !== null) clearTimeout(t);
    f[which] = null;
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private view(f: Field<V, C>): FieldView<V, C> {
    const value = f.pending ? f.pending.value : f.inFlight ? f.inFlight.value : this.opts.valueOf(f.confirmed);
    return { confirmed: f.confirmed, value, status: f.status, unsaved: f.pending !== null || f.inFlight !== null };
  }

  /** Persist the field's unacknowledged value (or clear it) and notify. */
  private commit(key: string): void {
    const f = this.field(key);
    const unsaved = f.pending ?? f.inFlight;
    this.writePersist(
      key,
      unsaved
        ? {
            value: unsaved.value,
            baseVersion: this.opts.versionOf(f.confirmed),
            ...(f.inFlight ? { inFlight: { value: f.inFlight.value } } : {}),
            updatedAt: this.now(),
          }
        : null,
    );
    this.snapshot = this.buildSnapshot();
    for (const listener of [...this.listeners]) listener();
  }

  private writePersist(key: string, entry: PendingEntry<V> | null): void {
    try {
      this.opts.persist?.(key, entry);
    } catch {
      // Storage is a safety net only; the value is still held (and retried) in memory.
    }
  }

  private buildSnapshot(): QueueSnapshot<V, C> {
    const fields: Record<string, FieldView<V, C>> = {};
    let unsaved = 0;
    for (const [key, f] of this.fields) {
      const v = this.view(f);
      fields[key] = v;
      if (v.unsaved) unsaved += 1;
    }
    return { fields, unsaved };
  }
}
