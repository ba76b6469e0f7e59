import { describe, expect, it, vi } from "vitest";
import { createPendingStore, parseCategory, parseComment, parseCorrection, storageKey, type StorageLike } from "./pending-store";

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe("pending store", () => {
  it("round-trips entries per namespace and removes the blob when empty", () => {
    const storage = memoryStorage();
    const store = createPendingStore(storage, "asg-1");
    store.write("rating", "correctness", { value: "wrong", baseVersion: 2, inFlight: { value: "wrong" }, updatedAt: 5 });
    store.write("comment", "comment", { value: "note", baseVersion: 1, updatedAt: 6 });
    expect(storage.data.has(storageKey("asg-1"))).toBe(true);
    expect(store.load("rating", parseCategory)).toEqual({
      correctness: { value: "wrong", baseVersion: 2, inFlight: { value: "wrong" }, updatedAt: 5 },
    });
    expect(store.load("comment", parseComment)).toEqual({ comment: { value: "note", baseVersion: 1, updatedAt: 6 } });
    store.write("rating", "correctness", null);
    store.write("comment", "comment", null);
    expect(storage.data.size).toBe(0);
  });

  it("keys storage per assignment", () => {
    const storage = memoryStorage();
    createPendingStore(storage, "a").write("rating", "d", { value: "x", baseVersion: 0, updatedAt: 0 });
    expect(createPendingStore(storage, "b").load("rating", parseCategory)).toEqual({});
  });

  it("ignores corrupt, foreign-format or invalid data", () => {
    const storage = memoryStorage();
    const store = createPendingStore(storage, "a");
    storage.setItem(storageKey("a"), "{not json");
    expect(store.load("rating", parseCategory)).toEqual({});
    storage.setItem(storageKey("a"), JSON.stringify({ format: 99, fields: { "rating:d": { value: "x", baseVersion: 0 } } }));
    expect(store.load("rating", parseCategory)).toEqual({});
    storage.setItem(
      storageKey("a"),
      JSON.stringify({
        format: 1,
        fields: { "rating:d": { value: 42, baseVersion: 0 }, "rating:e": { value: "x" }, "rating:f": { value: null, baseVersion: 1 } },
      }),
    );
    expect(store.load("rating", parseCategory)).toEqual({ f: { value: null, baseVersion: 1, updatedAt: 0 } });
  });

  it("reports storage failures instead of throwing", () => {
    const onError = vi.fn();
    const storage: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const store = createPendingStore(storage, "a", onError);
    expect(() => store.write("rating", "d", { value: "x", baseVersion: 0, updatedAt: 0 })).not.toThrow();
    expect(onError).toHaveBeenCalledOnce();
  });

  it("works without storage (server render, privacy mode)", () => {
    const store = createPendingStore(null, "a");
    store.write("rating", "d", { value: "x", baseVersion: 0, updatedAt: 0 });
    expect(store.load("rating", parseCategory)).toEqual({});
  });
});

describe("parsers", () => {
  it("validate corrections", () => {
    expect(parseCorrection(null)).toEqual({ value: null });
    const c = { kind: "GOLD", proposal: "B", newGold: "B", rationale: "guideline", version: 2 };
    // Stored before corrections named turns: about the whole item.
    expect(parseCorrection(c)).toEqual({ value: { ...c, turnOrder: 0 } });
    expect(parseCorrection({ ...c, turnOrder: 3 })).toEqual({ value: { ...c, turnOrder: 3 } });
    expect(parseCorrection({ ...c, turnOrder: -1 })).toBeNull();
    expect(parseCorrection({ ...c, turnOrder: "3" })).toBeNull();
    expect(parseCorrection({ ...c, kind: "OTHER" })).toBeNull();
    expect(parseCorrection({ ...c, version: "2" })).toBeNull();
    expect(parseCorrection({ ...c, newGold: 3 })).toBeNull();
    expect(parseCorrection("x")).toBeNull();
    expect(parseComment(1)).toBeNull();
    expect(parseCategory(undefined)).toBeNull();
  });
});
