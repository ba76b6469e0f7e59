import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bindActiveTime, REPORT_EVERY_MS, type PageLike } from "./use-active-time";

function page(): PageLike & { doc: EventTarget & { visibilityState: string; focused: boolean } } {
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible", focused: true, hasFocus: () => doc.focused });
  return { doc, document: doc, window: new EventTarget(), now: () => Date.now() };
}

describe("bindActiveTime", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it("reports active time every interval while the rater works", async () => {
    const p = page();
    const report = vi.fn(async (_ms: number) => undefined);
    const stop = bindActiveTime(p, report);
    for (let s = 5; s <= 30; s += 5) {
      vi.advanceTimersByTime(5_000);
      p.window.dispatchEvent(new Event("keydown"));
    }
    expect(report.mock.calls.map((c) => c[0])).toEqual([REPORT_EVERY_MS, REPORT_EVERY_MS]);
    stop();
    expect(report).toHaveBeenCalledTimes(2); // nothing left after 30 s
  });

  it("a scroll event is not rater input: the viewer scrolls by itself", async () => {
    const p = page();
    const report = vi.fn(async (_ms: number) => undefined);
    const stop = bindActiveTime(p, report, 10 * 60_000);
    vi.advanceTimersByTime(61_000); // idle past the first minute
    for (let s = 0; s < 120; s++) {
      vi.advanceTimersByTime(1_000);
      p.window.dispatchEvent(new Event("scroll"));
    }
    stop();
    expect(report.mock.calls.map((c) => c[0])).toEqual([60_000]); // the first minute only
  });

  it("excludes idle time and hidden pages, and reports on hiding and on stop", async () => {
    const p = page();
    const report = vi.fn(async (_ms: number) => undefined);
    const stop = bindActiveTime(p, report, 10 * 60_000);
    vi.advanceTimersByTime(3 * 60_000); // no input: only the first minute counts
    p.doc.visibilityState = "hidden";
    p.doc.dispatchEvent(new Event("visibilitychange"));
    expect(report).toHaveBeenLastCalledWith(60_000);
    vi.advanceTimersByTime(60_000);
    p.doc.visibilityState = "visible";
    p.doc.dispatchEvent(new Event("visibilitychange"));
    p.window.dispatchEvent(new Event("pointerdown"));
    vi.advanceTimersByTime(20_000);
    p.window.dispatchEvent(new Event("blur"));
    vi.advanceTimersByTime(20_000);
    stop();
    expect(report).toHaveBeenLastCalledWith(20_000);
  });

  it("keeps a failed report's time for the next one", async () => {
    const p = page();
    const report = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(undefined);
    const stop = bindActiveTime(p, report);
    p.window.dispatchEvent(new Event("keydown"));
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    await Promise.resolve(); // let the rejection hand the time back
    await Promise.resolve();
    p.window.dispatchEvent(new Event("keydown"));
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    expect(report.mock.calls.map((c) => c[0])).toEqual([REPORT_EVERY_MS, 2 * REPORT_EVERY_MS]);
    stop();
  });

  it("stops listening after stop", () => {
    const p = page();
    const report = vi.fn(async (_ms: number) => undefined);
    bindActiveTime(p, report)();
    vi.advanceTimersByTime(5 * REPORT_EVERY_MS);
    expect(report).not.toHaveBeenCalled();
  });
});
