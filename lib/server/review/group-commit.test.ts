import { expect, test } from "vitest";
import { GroupCommit, type Settled } from "./group-commit";

/** A writer that records its batches, refuses odd numbers alone and throws for whole batches holding "boom". */
function writer(options: { delayMs?: number } = {}) {
  const batches: number[][] = [];
  const write = async (batch: (number | "boom")[]): Promise<Settled<string>[]> => {
    batches.push(batch.map((x) => (x === "boom" ? -1 : x)));
    await new Promise((r) => setTimeout(r, options.delayMs ?? 1));
    if (batch.includes("boom")) throw new Error("the transaction failed");
    return batch.map((x) => ((x as number) % 2 ? { ok: false, error: new Error(`odd ${x}`) } : { ok: true, value: `saved ${x}` }));
  };
  return { batches, write };
}

test("inputs that arrive together share one write; what arrives during it goes into the next", async () => {
  const w = writer({ delayMs: 20 });
  const g = new GroupCommit(w.write, { maxBatch: 100, windowMs: 2 });
  const first = Array.from({ length: 10 }, (_, i) => g.submit(i * 2));
  await new Promise((r) => setTimeout(r, 10)); // the first commit is running
  const second = Array.from({ length: 5 }, (_, i) => g.submit(100 + i * 2));
  expect(await Promise.all([...first, ...second])).toEqual(
    [...first, ...second].map((_, i) => `saved ${i < 10 ? i * 2 : 100 + (i - 10) * 2}`),
  );
  expect(w.batches.map((b) => b.length)).toEqual([10, 5]);
});

test("an input refused by the writer is refused alone; the others of its batch are acknowledged", async () => {
  const w = writer();
  const g = new GroupCommit(w.write, { maxBatch: 100, windowMs: 2 });
  const results = await Promise.allSettled([g.submit(2), g.submit(3), g.submit(4)]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(w.batches).toEqual([[2, 3, 4]]);
});

test("a batch whose transaction fails is written again input by input: only the bad one fails", async () => {
  const w = writer();
  const g = new GroupCommit(w.write, { maxBatch: 100, windowMs: 2 });
  const results = await Promise.allSettled([g.submit(2), g.submit("boom"), g.submit(4)]);
  expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
    "saved 2",
    "the transaction failed",
    "saved 4",
  ]);
  expect(w.batches).toEqual([[2, -1, 4], [2], [-1], [4]]);
});

test("no batch is larger than maxBatch, and nothing is left waiting", async () => {
  const w = writer();
  const g = new GroupCommit(w.write, { maxBatch: 4, windowMs: 1 });
  await Promise.all(Array.from({ length: 10 }, (_, i) => g.submit(i * 2)));
  expect(w.batches.map((b) => b.length)).toEqual([4, 4, 2]);
  expect(g.pending).toBe(0);
});

test("a failure that no input caused (isolate says no) rejects the whole batch without writing each alone", async () => {
  const w = writer();
  const g = new GroupCommit(w.write, { maxBatch: 100, windowMs: 2, isolate: () => false });
  const results = await Promise.allSettled([g.submit(2), g.submit("boom"), g.submit(4)]);
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
  expect(w.batches).toHaveLength(1);
});

test("flushAt commits at once when that many wait; flush writes what waits without the window", async () => {
  const w = writer();
  const g = new GroupCommit(w.write, { maxBatch: 100, windowMs: 60_000, flushAt: 3, unref: true });
  const full = [g.submit(2), g.submit(4), g.submit(6)];
  expect(await Promise.all(full)).toEqual(["saved 2", "saved 4", "saved 6"]);
  const late = g.submit(8);
  expect(g.pending).toBe(1);
  await g.flush();
  expect(await late).toBe("saved 8");
  expect(w.batches).toEqual([[2, 4, 6], [8]]);
  await g.flush(); // nothing waiting: returns
});
