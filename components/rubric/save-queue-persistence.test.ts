import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PendingEntry } from "./save-policy";
import { SaveQueue } from "./save-queue";
import { createPendingStore, parseCategory, type StorageLike } from "./pending-store";
import { flushPromises, harness, type Rating } from "./save-queue-harness";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2025-03-04T14:02:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("SaveQueue: debounce", () => {
  it("sends once after the quiet period, persisting every keystroke at once", () => {
    const h = harness({ c: { value: "", version: 1 } });
    for (const text of ["h", "he", "hel"]) {
      h.queue.set("c", text, 800);
      vi.advanceTimersByTime(500);
    }
    expect(h.calls).toHaveLength(0);
    expect(h.queue.get("c")).toMatchObject({ value: "hel", unsaved: true, status: { kind: "pending" } });
    expect(h.persisted.get("c")).toMatchObject({ value: "hel", baseVersion: 1 });
    vi.advanceTimersByTime(300);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({ value: "hel", expectedVersion: 1 });
  });

  it("flush sends immediately", () => {
    const h = harness({ c: { value: "", version: 0 } });
    h.queue.set("c", "note", 800);
    h.queue.flush();
    expect(h.calls).toHaveLength(1);
    vi.advanceTimersByTime(800);
    expect(h.calls).toHaveLength(1);
  });

  it("typing during a request waits for the quiet period after the ack", async () => {
    const h = harness({ c: { value: "", version: 0 } });
    h.queue.set("c", "a");
    h.queue.set("c", "ab", 800);
    await h.ack(0);
    expect(h.calls).toHaveLength(1);
    expect(h.queue.get("c").status.kind).toBe("pending");
    vi.advanceTimersByTime(800);
    expect(h.calls[1]).toMatchObject({ value: "ab", expectedVersion: 1 });
  });
});

describe("SaveQueue: persistence", () => {
  it("persists the unacknowledged value with its base version and in-flight value, and clears on ack", async () => {
    const h = harness({ a: { value: null, version: 7 } });
    h.queue.set("a", "x");
    expect(h.persisted.get("a")).toMatchObject({ value: "x", baseVersion: 7, inFlight: { value: "x" } });
    h.queue.set("a", "y");
    expect(h.persisted.get("a")).toMatchObject({ value: "y", baseVersion: 7, inFlight: { value: "x" } });
    await h.ack(0); // y is now built on version 8
    expect(h.persisted.get("a")).toMatchObject({ value: "y", baseVersion: 8, inFlight: { value: "y" } });
    await h.ack(1);
    expect(h.persisted.has("a")).toBe(false);
    expect(h.persistLog.at(-1)).toEqual(["a", null]);
  });

  it("keeps the value persisted while retrying", async () => {
    const h = harness();
    h.queue.set("a", "x");
    await h.fail(0);
    expect(h.persisted.get("a")).toMatchObject({ value: "x", baseVersion: 0 });
    expect(h.persisted.get("a")?.inFlight).toBeUndefined();
  });

  it("a throwing persist hook never breaks saving", async () => {
    const calls: string[] = [];
    const queue = new SaveQueue<string, { value: string; version: number }>(
      {},
      {
        send: async (_k, value) => {
          calls.push(value);
          return { ok: true, data: { value, version: 1 } };
        },
        valueOf: (c) => c.value,
        versionOf: (c) => c.version,
        fallback: () => ({ value: "", version: 0 }),
        persist: () => {
          throw new Error("QuotaExceededError");
        },
      },
    );
    queue.set("k", "v");
    await flushPromises();
    expect(calls).toEqual(["v"]);
    expect(queue.get("k").status.kind).toBe("saved");
  });
});

describe("SaveQueue: restore", () => {
  const entry = (value: string, baseVersion: number, inFlight?: string): PendingEntry<string> => ({
    value,
    baseVersion,
    updatedAt: 0,
    ...(inFlight !== undefined ? { inFlight: { value: inFlight } } : {}),
  });

  it("restore re-sends newer local values on top of the server version and reports stale ones", async () => {
    const h = harness({ a: { value: "srv", version: 2 }, b: { value: "other", version: 9 }, c: { value: "x", version: 1 } });
    const report = h.queue.restore({ a: entry("local", 2), b: entry("old", 3), c: entry("x", 1) });
    expect(report).toEqual({ resent: ["a"], stale: ["b"] });
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({ key: "a", value: "local", expectedVersion: 2 });
    expect([...h.persisted.keys()]).toEqual(["a"]);
    expect(h.persistLog).toContainEqual(["b", null]);
    expect(h.persistLog).toContainEqual(["c", null]);
  });

  it("restore does not override an edit already made on this page", () => {
    const h = harness({ a: { value: null, version: 0 } });
    h.queue.set("a", "fresh");
    h.queue.restore({ a: entry("stored", 0) });
    expect(h.calls.map((c) => c.value)).toEqual(["fresh"]);
  });
});

describe("SaveQueue: syncConfirmed", () => {
  it("adopts newer server values only when the field is clean", () => {
    const h = harness({ a: { value: "1", version: 1 }, b: { value: "1", version: 1 } });
    h.queue.syncConfirmed("a", { value: "2", version: 2 });
    expect(h.queue.get("a").value).toBe("2");
    h.queue.syncConfirmed("a", { value: "old", version: 1 });
    expect(h.queue.get("a").value).toBe("2");
    h.queue.set("b", "mine");
    h.queue.syncConfirmed("b", { value: "2", version: 2 });
    expect(h.queue.get("b")).toMatchObject({ value: "mine", confirmed: { version: 1 } });
  });
});

describe("SaveQueue + pending store: reload after a crash", () => {
  function page(storage: StorageLike, server: Map<string, Rating>, respond: boolean) {
    const store = createPendingStore(storage, "asg-1");
    const sent: string[] = [];
    const queue = new SaveQueue<string | null, Rating>(Object.fromEntries(server), {
      send: (key, value, confirmed) => {
        sent.push(`${key}=${value}@${confirmed.version}`);
        const current = server.get(key)!;
        if (current.version !== confirmed.version) return Promise.resolve({ ok: false, error: "conflict", conflict: { current } });
        const next = { value, version: current.version + 1 };
        server.set(key, next); // the server applies the write…
        return respond ? Promise.resolve({ ok: true, data: next }) : new Promise(() => {}); // …but the tab may die first
      },
      valueOf: (c) => c.value,
      versionOf: (c) => c.version,
      fallback: () => ({ value: null, version: 0 }),
      persist: (key, entry) => store.write("rating", key, entry),
    });
    return { queue, sent, restore: () => queue.restore(store.load("rating", parseCategory)) };
  }

  it("re-sends the newer value after the tab died with one write landed and one queued", async () => {
    const data = new Map<string, string>();
    const storage: StorageLike = {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, v),
      removeItem: (k) => void data.delete(k),
    };
    const server = new Map<string, Rating>([["gold", { value: null, version: 0 }]]);
    const first = page(storage, server, false);
    first.queue.set("gold", "correct"); // lands on the server, ack lost
    first.queue.set("gold", "incorrect"); // queued behind it, never sent
    expect(first.sent).toEqual(["gold=correct@0"]);

    const second = page(storage, new Map(server), true); // reload: props come from the server
    const report = second.restore();
    expect(report).toEqual({ resent: ["gold"], stale: [] });
    expect(second.sent).toEqual(["gold=incorrect@1"]);
    await flushPromises();
    expect(second.queue.get("gold")).toMatchObject({ value: "incorrect", unsaved: false, status: { kind: "saved" } });
    expect(data.size).toBe(0); // nothing left to restore
  });
});
