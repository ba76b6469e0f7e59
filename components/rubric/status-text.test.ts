import { describe, expect, it } from "vitest";
import type { FieldStatus } from "./save-queue";
import { CONFLICT_NOTICE, liveMessage, statusLine, summarize } from "./status-text";

const clock = () => "14:02";
const line = (s: FieldStatus<unknown>, hasValue = true) => statusLine(s, hasValue, clock);

describe("statusLine", () => {
  it("words each state", () => {
    expect(line({ kind: "idle" }, false).text).toBe("");
    expect(line({ kind: "idle" }).text).toBe("Saved");
    expect(line({ kind: "pending" }).text).toBe("Editing — saves automatically");
    expect(line({ kind: "saving", failures: 0 })).toMatchObject({ text: "Saving…", tone: "muted" });
    expect(line({ kind: "saved", at: 0 })).toMatchObject({ text: "Saved 14:02", tone: "saved" });
    expect(line({ kind: "retrying", failures: 2, retryAt: 0, error: "x" })).toEqual({
      text: "Not saved — retrying (2)…",
      tone: "warning",
      canRetry: true,
      canUseMine: false,
    });
    // While the retry itself is in flight it is still not saved.
    expect(line({ kind: "saving", failures: 2 })).toMatchObject({ text: "Not saved — retrying (2)…", tone: "warning" });
    expect(line({ kind: "conflict", at: 0, discarded: "x" })).toMatchObject({ text: CONFLICT_NOTICE, canUseMine: true });
  });
});

describe("liveMessage", () => {
  const ok = summarize([{ kind: "saved", at: 1 }], 0);
  const failing = summarize([{ kind: "retrying", failures: 1, retryAt: 0, error: "" }], 1);

  it("announces failure once, and recovery", () => {
    expect(liveMessage(ok, failing)).toMatch(/^Not saved/);
    expect(liveMessage(failing, summarize([{ kind: "saving", failures: 1 }], 1))).toBeNull();
    expect(liveMessage(failing, ok)).toBe("All changes saved.");
  });

  it("stays quiet for routine saves", () => {
    expect(liveMessage(ok, summarize([{ kind: "saving", failures: 0 }], 1))).toBeNull();
    expect(liveMessage(summarize([{ kind: "saving", failures: 0 }], 1), ok)).toBeNull();
  });

  it("announces each new conflict", () => {
    const c1 = summarize([{ kind: "conflict", at: 5, discarded: null }], 0);
    expect(liveMessage(ok, c1)).toBe(CONFLICT_NOTICE);
    expect(liveMessage(c1, c1)).toBeNull();
    expect(liveMessage(c1, summarize([{ kind: "conflict", at: 9, discarded: null }], 0))).toBe(CONFLICT_NOTICE);
  });
});
