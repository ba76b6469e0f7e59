import { afterEach, describe, expect, it, vi } from "vitest";
import { afterOpenCheck, afterOpenChecks, OPEN_CHECK_WAIT_MS, openCheckStarted, withNetworkErrors } from "./save-actions";
import type { ReviewActions } from "./types";

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const saved = { ok: true as const, data: { dimension: "gold", category: "correct", version: 1 } };

function recordingActions(log: string[]): ReviewActions {
  return {
    saveRating: async (input) => {
      log.push(`rating ${input.assignmentId}`);
      return saved;
    },
    saveComment: async (input) => {
      log.push(`comment ${input.assignmentId}`);
      return { ok: true, data: { comment: input.comment, version: 1 } };
    },
    saveCorrection: async () => ({ ok: true, data: null }),
    setFlag: async (input) => {
      log.push(`flag ${input.assignmentId}`);
      return { ok: true, data: { flagged: input.flagged } };
    },
  };
}

describe("saves wait for the open check of their case", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends at once when no check is under way", async () => {
    const log: string[] = [];
    await afterOpenChecks(recordingActions(log)).saveRating({
      assignmentId: "a0",
      dimension: "gold",
      category: "correct",
      expectedVersion: 0,
    });
    expect(log).toEqual(["rating a0"]);
  });

  it("sends a save only after the check has been answered, and other cases' saves at once", async () => {
    const log: string[] = [];
    const check = deferred();
    openCheckStarted("a1", check.promise);
    const actions = afterOpenChecks(recordingActions(log));
    const rating = actions.saveRating({ assignmentId: "a1", dimension: "gold", category: "correct", expectedVersion: 0 });
    const flag = actions.setFlag!({ assignmentId: "a1", flagged: true });
    await actions.saveComment({ assignmentId: "other", comment: "x", expectedVersion: 0 });
    expect(log).toEqual(["comment other"]);
    log.push("answered");
    check.resolve();
    await Promise.all([rating, flag]);
    expect(log).toEqual(["comment other", "answered", "rating a1", "flag a1"]);
    // Answered: later saves go at once.
    await afterOpenCheck("a1");
  });

  it("a failed check (offline) lets the save go too", async () => {
    const log: string[] = [];
    const check = deferred();
    openCheckStarted("a2", check.promise);
    const save = afterOpenChecks(recordingActions(log)).saveRating({
      assignmentId: "a2",
      dimension: "gold",
      category: null,
      expectedVersion: 1,
    });
    check.reject(new TypeError("Failed to fetch"));
    await save;
    expect(log).toEqual(["rating a2"]);
  });

  it("a check that hangs holds a save no longer than the bound", async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    openCheckStarted("a3", new Promise(() => {}));
    const save = afterOpenChecks(recordingActions(log)).saveRating({
      assignmentId: "a3",
      dimension: "gold",
      category: "correct",
      expectedVersion: 0,
    });
    await vi.advanceTimersByTimeAsync(OPEN_CHECK_WAIT_MS - 1);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await save;
    expect(log).toEqual(["rating a3"]);
  });

  it("a newer check of the same case replaces the older one", async () => {
    const log: string[] = [];
    const older = deferred();
    const newer = deferred();
    openCheckStarted("a4", older.promise);
    openCheckStarted("a4", newer.promise);
    older.resolve();
    const save = afterOpenChecks(recordingActions(log)).saveRating({
      assignmentId: "a4",
      dimension: "gold",
      category: "correct",
      expectedVersion: 0,
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual([]);
    newer.resolve();
    await save;
    expect(log).toEqual(["rating a4"]);
  });
});

describe("withNetworkErrors", () => {
  it("answers a thrown save like a refused one, in the given words", async () => {
    const down = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const guarded = withNetworkErrors({ ...recordingActions([]), saveComment: down }, "网络错误");
    expect(await guarded.saveComment({ assignmentId: "a", comment: "x", expectedVersion: 0 })).toEqual({ ok: false, error: "网络错误" });
    expect(await guarded.saveRating({ assignmentId: "a", dimension: "gold", category: "correct", expectedVersion: 0 })).toMatchObject({
      ok: true,
    });
  });
});
