import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushPromises, harness } from "./save-queue-harness";
import { SaveQueue } from "./save-queue";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-03-04T14:02:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("SaveQueue: basic save", () => {
  it("shows saving until the server acknowledges, then saved with the time", async () => {
    const h = harness();
    h.queue.set("a", "correct");
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({ key: "a", value: "correct", expectedVersion: 0 });
    expect(h.queue.get("a")).toMatchObject({ value: "correct", unsaved: true, status: { kind: "saving", failures: 0 } });
    expect(h.queue.hasUnsaved()).toBe(true);
    await flushPromises();
    expect(h.queue.get("a").status.kind).toBe("saving"); // never "saved" before the ack
    await h.ack(0);
    expect(h.queue.get("a")).toMatchObject({
      value: "correct",
      unsaved: false,
      confirmed: { value: "correct", version: 1 },
      status: { kind: "saved", at: Date.parse("2025-03-04T14:02:00Z") },
    });
    expect(h.queue.hasUnsaved()).toBe(false);
  });

  it("does not send a value equal to the saved one", () => {
    const h = harness({ a: { value: "x", version: 3 } });
    h.queue.set("a", "x");
    expect(h.calls).toHaveLength(0);
    expect(h.queue.hasUnsaved()).toBe(false);
  });

  it("notifies subscribers with a new snapshot object", async () => {
    const h = harness();
    const listener = vi.fn();
    const unsubscribe = h.queue.subscribe(listener);
    const before = h.queue.getSnapshot();
    h.queue.set("a", "x");
    expect(listener).toHaveBeenCalled();
    expect(h.queue.getSnapshot()).not.toBe(before);
    expect(h.queue.getSnapshot().unsaved).toBe(1);
    unsubscribe();
    listener.mockClear();
    await h.ack(0);
    expect(listener).not.toHaveBeenCalled();
  });

  it("creates unseeded keys from the fallback", async () => {
    const h = harness({});
    h.queue.set("new", "x");
    expect(h.calls[0]).toMatchObject({ key: "new", expectedVersion: 0 });
    await h.ack(0);
    expect(h.queue.getSnapshot().fields.new?.confirmed).toEqual({ value: "x", version: 1 });
  });
});

describe("SaveQueue: ordering and coalescing", () => {
  it("keeps one request per field in flight and sends only the latest value next", async () => {
    const h = harness();
    h.queue.set("a", "1");
    h.queue.set("a", "2");
    h.queue.set("a", "3");
    expect(h.calls).toHaveLength(1);
    expect(h.queue.get("a").value).toBe("3");
    await h.ack(0);
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1]).toMatchObject({ value: "3", expectedVersion: 1 }); // built on the acknowledged version
    expect(h.queue.get("a").status.kind).toBe("saving");
    await h.ack(1);
    expect(h.queue.get("a")).toMatchObject({ value: "3", unsaved: false, confirmed: { version: 2 } });
    expect(h.maxInFlight()).toBe(1);
  });

  it("drops a pending value that returns to what is in flight", async () => {
    const h = harness();
    h.queue.set("a", "1");
    h.queue.set("a", "2");
    h.queue.set("a", "1");
    await h.ack(0);
    expect(h.calls).toHaveLength(1);
    expect(h.queue.get("a").status.kind).toBe("saved");
  });

  it("saves different fields independently and concurrently", async () => {
    const h = harness();
    h.queue.set("a", "x");
    h.queue.set("b", "y");
    expect(h.calls.map((c) => c.key)).toEqual(["a", "b"]);
    await h.ack(1);
    expect(h.queue.get("b").status.kind).toBe("saved");
    expect(h.queue.get("a").status.kind).toBe("saving");
    expect(h.queue.getSnapshot().unsaved).toBe(1);
  });

  it("a slow first response cannot overwrite a later value", async () => {
    const h = harness();
    h.queue.set("a", "old");
    h.queue.set("a", "new");
    await h.ack(0);
    await h.ack(1);
    expect(h.calls.map((c) => c.value)).toEqual(["old", "new"]);
    expect(h.queue.get("a").confirmed).toEqual({ value: "new", version: 2 });
  });
});

describe("SaveQueue: retry", () => {
  it("retries with exponential backoff, unlimited, keeping the value", async () => {
    const h = harness();
    h.queue.set("a", "x");
    const expected = [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000, 30000];
    for (const [i, delay] of expected.entries()) {
      await h.fail(i);
      const status = h.queue.get("a").status;
      expect(status).toMatchObject({ kind: "retrying", failures: i + 1, error: "HTTP 503", retryAt: Date.now() + delay });
      expect(h.queue.get("a")).toMatchObject({ value: "x", unsaved: true });
      vi.advanceTimersByTime(delay - 1);
      expect(h.calls).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(h.calls).toHaveLength(i + 2);
      expect(h.queue.get("a").status).toEqual({ kind: "saving", failures: i + 1 });
    }
    await h.ack(expected.length);
    expect(h.queue.get("a").status.kind).toBe("saved");
    expect(h.persisted.size).toBe(0);
  });

  it("treats a rejected request (network down) as a failure", async () => {
    const h = harness();
    h.queue.set("a", "x");
    h.calls[0]!.settle(new Error("Failed to fetch"));
    await flushPromises();
    expect(h.queue.get("a").status).toMatchObject({ kind: "retrying", failures: 1, error: "Failed to fetch" });
  });

  it("sends the newest value on the next try, not the failed one", async () => {
    const h = harness();
    h.queue.set("a", "first");
    await h.fail(0);
    h.queue.set("a", "second");
    expect(h.calls).toHaveLength(1); // waits for the backoff instead of hammering a failing server
    expect(h.queue.get("a").status.kind).toBe("retrying");
    vi.advanceTimersByTime(1000);
    expect(h.calls[1]).toMatchObject({ value: "second", expectedVersion: 0 });
  });

  it("keeps a newer edit made during a failing request", async () => {
    const h = harness();
    h.queue.set("a", "first");
    h.queue.set("a", "second");
    await h.fail(0);
    vi.advanceTimersByTime(1000);
    expect(h.calls[1]!.value).toBe("second");
  });

  it("retryNow skips the wait; the failure count resets after success", async () => {
    const h = harness();
    h.queue.set("a", "x");
    await h.fail(0);
    await vi.advanceTimersByTimeAsync(1000);
    await h.fail(1);
    h.queue.retryNow("a");
    expect(h.calls).toHaveLength(3);
    vi.advanceTimersByTime(60_000);
    expect(h.calls).toHaveLength(3); // the cancelled timer does not send again
    await h.ack(2);
    h.queue.set("a", "y");
    await h.fail(3);
    expect(h.queue.get("a").status).toMatchObject({ failures: 1 });
  });

  it("reverting to the saved value cancels the retry", async () => {
    const h = harness({ a: { value: "orig", version: 4 } });
    h.queue.set("a", "x");
    await h.fail(0);
    h.queue.set("a", "orig");
    expect(h.queue.get("a")).toMatchObject({ unsaved: false, status: { kind: "idle" } });
    vi.advanceTimersByTime(60_000);
    expect(h.calls).toHaveLength(1);
    expect(h.persisted.size).toBe(0);
  });

  it("dispose stops retries", async () => {
    const h = harness();
    h.queue.set("a", "x");
    await h.fail(0);
    h.queue.dispose();
    vi.advanceTimersByTime(60_000);
    expect(h.calls).toHaveLength(1);
  });
});

describe("SaveQueue: conflicts", () => {
  it("adopts the other tab's value, keeps ours as discarded, and does not retry", async () => {
    const h = harness();
    h.queue.set("a", "mine");
    h.queue.set("a", "mine2");
    h.calls[0]!.settle({ ok: false, error: "conflict", conflict: { current: { value: "theirs", version: 5 } } });
    await flushPromises();
    expect(h.queue.get("a")).toMatchObject({
      value: "theirs",
      unsaved: false,
      confirmed: { value: "theirs", version: 5 },
      status: { kind: "conflict", discarded: "mine2" },
    });
    vi.advanceTimersByTime(60_000);
    expect(h.calls).toHaveLength(1);
    expect(h.persisted.size).toBe(0);
    // "Use mine" is just a new set on top of the latest version.
    h.queue.set("a", "mine2");
    expect(h.calls[1]).toMatchObject({ value: "mine2", expectedVersion: 5 });
  });

  it("a conflict that already holds our value counts as saved", async () => {
    const h = harness();
    h.queue.set("a", "same");
    h.calls[0]!.settle({ ok: false, error: "conflict", conflict: { current: { value: "same", version: 2 } } });
    await flushPromises();
    expect(h.queue.get("a")).toMatchObject({ status: { kind: "saved" }, confirmed: { version: 2 } });
  });
});

describe("a save refused because the session ended (issue 16, finding 10)", () => {
  it("waits without retrying, keeps the value, and sends it after resume()", async () => {
    vi.useFakeTimers();
    let signedIn = false;
    const sent: (string | null)[] = [];
    const persisted: Record<string, unknown> = {};
    const q = new SaveQueue<string | null, { category: string | null; version: number }>(
      { gold: { category: null, version: 0 } },
      {
        send: async (_key, value, c) => {
          sent.push(value);
          return signedIn
            ? { ok: true, data: { category: value, version: c.version + 1 } }
            : { ok: false, error: "You were signed out.", signedOut: true };
        },
        valueOf: (c) => c.category,
        versionOf: (c) => c.version,
        fallback: () => ({ category: null, version: 0 }),
        persist: (key, entry) => void (persisted[key] = entry),
      },
    );
    q.set("gold", "correct");
    await vi.advanceTimersByTimeAsync(0);
    expect(q.get("gold").status).toEqual({ kind: "signedOut" });
    expect(q.get("gold").value).toBe("correct");
    expect(persisted.gold).toMatchObject({ value: "correct" });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toEqual(["correct"]); // no retry storm while signed out
    q.set("gold", "incorrect"); // a later edit also waits
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["correct"]);
    signedIn = true;
    q.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["correct", "incorrect"]);
    expect(q.get("gold").status.kind).toBe("saved");
    expect(q.get("gold").confirmed).toEqual({ category: "incorrect", version: 1 });
    expect(persisted.gold).toBeNull();
    vi.useRealTimers();
  });
});
