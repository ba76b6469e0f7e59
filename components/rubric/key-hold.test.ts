import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeyHold } from "./key-hold";

/** A window stand-in: records the capture listener so tests can type into it. */
function fakeWindow() {
  let listener: ((e: KeyboardEvent) => void) | null = null;
  return {
    addEventListener: (_: string, l: (e: KeyboardEvent) => void) => void (listener = l),
    removeEventListener: () => void (listener = null),
    type(key: string) {
      const e = { key, shiftKey: false, preventDefault: vi.fn(), stopImmediatePropagation: vi.fn() };
      listener?.(e as unknown as KeyboardEvent);
      return e;
    },
    get listening() {
      return listener !== null;
    },
  };
}

const digitsAndN = (e: KeyboardEvent) => /^[1-9n]$/.test(e.key);

describe("KeyHold", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("takes the panel's keys typed after leaving (ahead of the old panel) and gives them to the next item", () => {
    const win = fakeWindow();
    const hold = new KeyHold(win as never, digitsAndN);
    hold.start("item-1");
    const e = win.type("3");
    expect(e.preventDefault).toHaveBeenCalled();
    expect(e.stopImmediatePropagation).toHaveBeenCalled();
    win.type("x"); // not a panel key: left alone
    win.type("n");
    expect(hold.getSnapshot()).toEqual({ from: "item-1", held: 2, dropped: null });
    expect(hold.claim("item-1")).toBeNull(); // the item being left never gets them back
    expect(hold.claim("item-2")?.map((k) => k.key)).toEqual(["3", "n"]);
    expect(win.listening).toBe(false);
    expect(hold.holding).toBe(false);
  });

  it("drops the keys, visibly, when the rater stays or nobody claims them in time", () => {
    const win = fakeWindow();
    const hold = new KeyHold(win as never, digitsAndN, 1000);
    hold.start("item-1");
    win.type("1");
    expect(hold.cancel()).toBe(1);
    expect(hold.getSnapshot().dropped?.count).toBe(1);
    hold.start("item-1");
    win.type("2");
    win.type("2");
    vi.advanceTimersByTime(1000);
    expect(hold.holding).toBe(false);
    expect(hold.getSnapshot().dropped?.count).toBe(2);
    expect(hold.claim("item-2")).toBeNull();
  });

  it("re-holds what is left of a replay that reached another n", () => {
    const hold = new KeyHold(null, digitsAndN);
    hold.start("item-2");
    ["1", "1", "n"].forEach((key) => hold.add({ key, shiftKey: false }));
    expect(hold.claim("item-3")?.map((k) => k.key)).toEqual(["1", "1", "n"]);
    hold.add({ key: "9", shiftKey: false }); // not holding: ignored
    expect(hold.getSnapshot().held).toBe(0);
  });
});
