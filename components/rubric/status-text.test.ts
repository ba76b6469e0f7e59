import { describe, expect, it } from "vitest";
import type { FieldStatus } from "./save-queue-types";
import { liveMessage, statusLine, summarize } from "./status-text";

const line = (s: FieldStatus<unknown>, hasValue = true) => statusLine(s, hasValue);

describe("statusLine", () => {
  it("words each state", () => {
    expect(line({ kind: "idle" }, false).message).toBeNull();
    expect(line({ kind: "idle" }).message).toEqual({ key: "saved" });
    expect(line({ kind: "pending" }).message).toEqual({ key: "editing" });
    expect(line({ kind: "saving", failures: 0 })).toMatchObject({ message: { key: "saving" }, tone: "muted" });
    expect(line({ kind: "saved", at: 7 })).toMatchObject({ message: { key: "savedAt", at: 7 }, tone: "saved" });
    expect(line({ kind: "retrying", failures: 2, retryAt: 0, error: "x" })).toEqual({
      message: { key: "retrying", failures: 2 },
      tone: "warning",
      canRetry: true,
      canUseMine: false,
    });
    // While the retry itself is in flight it is still not saved.
    expect(line({ kind: "saving", failures: 2 })).toMatchObject({ message: { key: "retrying", failures: 2 }, tone: "warning" });
    expect(line({ kind: "conflict", at: 0, discarded: "x" })).toMatchObject({ message: { key: "conflict" }, canUseMine: true });
  });
});

describe("liveMessage", () => {
  const ok = summarize([{ kind: "saved", at: 1 }], 0);
  const failing = summarize([{ kind: "retrying", failures: 1, retryAt: 0, error: "" }], 1);

  it("announces failure once, and recovery", () => {
    expect(liveMessage(ok, failing)).toBe("live.failing");
    expect(liveMessage(failing, summarize([{ kind: "saving", failures: 1 }], 1))).toBeNull();
    expect(liveMessage(failing, ok)).toBe("live.recovered");
  });

  it("stays quiet for routine saves", () => {
    expect(liveMessage(ok, summarize([{ kind: "saving", failures: 0 }], 1))).toBeNull();
    expect(liveMessage(summarize([{ kind: "saving", failures: 0 }], 1), ok)).toBeNull();
  });

  it("announces each new conflict", () => {
    const c1 = summarize([{ kind: "conflict", at: 5, discarded: null }], 0);
    expect(liveMessage(ok, c1)).toBe("status.conflict");
    expect(liveMessage(c1, c1)).toBeNull();
    expect(liveMessage(c1, summarize([{ kind: "conflict", at: 9, discarded: null }], 0))).toBe("status.conflict");
  });
});
