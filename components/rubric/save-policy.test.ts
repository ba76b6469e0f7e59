import { describe, expect, it } from "vitest";
import { backoffDelay, judgeSend, reconcilePending, sendErrorMessage, type PendingEntry } from "./save-policy";

describe("backoffDelay", () => {
  it("doubles from 1 s and caps at 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(3, 500, 1500)).toBe(1500);
  });
});

describe("reconcilePending", () => {
  const entry = (value: string, baseVersion: number, inFlight?: string): PendingEntry<string> => ({
    value,
    baseVersion,
    updatedAt: 0,
    ...(inFlight !== undefined ? { inFlight: { value: inFlight } } : {}),
  });

  it("decides per the server's version", () => {
    expect(reconcilePending(entry("x", 3), { value: "y", version: 3 })).toBe("resend");
    expect(reconcilePending(entry("x", 3), { value: "x", version: 3 })).toBe("same");
    expect(reconcilePending(entry("x", 3, "x"), { value: "x", version: 4 })).toBe("same"); // landed before the crash
    expect(reconcilePending(entry("y", 3, "x"), { value: "x", version: 4 })).toBe("resend"); // x landed, y never sent
    expect(reconcilePending(entry("y", 3, "x"), { value: "z", version: 4 })).toBe("stale"); // another tab won
    expect(reconcilePending(entry("y", 3), { value: "z", version: 5 })).toBe("stale");
    expect(reconcilePending(entry("y", 3), { value: "z", version: 1 })).toBe("resend");
  });
});

describe("judgeSend", () => {
  type Saved = { value: string; version: number };
  const valueOfSaved = (c: Saved) => c.value;
  const judge = (result: Parameters<typeof judgeSend<string, Saved>>[0]) => judgeSend(result, "mine", valueOfSaved);

  it("takes the server's answer as the new confirmed value", () => {
    expect(judge({ ok: true, data: { value: "mine", version: 4 } })).toEqual({
      kind: "acknowledged",
      current: { value: "mine", version: 4 },
    });
  });

  it("counts a conflict that already holds the sent value as an acknowledgement", () => {
    expect(judge({ ok: false, error: "conflict", conflict: { current: { value: "mine", version: 5 } } })).toEqual({
      kind: "acknowledged",
      current: { value: "mine", version: 5 },
    });
  });

  it("shows another tab's value as a conflict", () => {
    expect(judge({ ok: false, error: "conflict", conflict: { current: { value: "theirs", version: 5 } } })).toEqual({
      kind: "conflict",
      current: { value: "theirs", version: 5 },
    });
  });

  it("keeps a refusal for lack of a session apart from failures", () => {
    expect(judge({ ok: false, error: "signed out", signedOut: true })).toEqual({ kind: "signedOut" });
    expect(judge({ ok: false, error: "boom" })).toEqual({ kind: "failed", error: "boom" });
  });

  it("names what a throwing send threw", () => {
    expect(sendErrorMessage(new Error("offline"))).toBe("offline");
    expect(sendErrorMessage("down")).toBe("down");
    expect(sendErrorMessage(undefined)).toBe("Network error");
  });
});
