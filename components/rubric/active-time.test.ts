import { describe, expect, it } from "vitest";
import { ActiveTimeTracker, IDLE_MS } from "./active-time";

const on = { visible: true, focused: true };

describe("ActiveTimeTracker", () => {
  it("counts visible, focused time with recent input", () => {
    const t = new ActiveTimeTracker(0, on);
    t.input(10_000);
    expect(t.take(30_000)).toBe(30_000);
    expect(t.take(30_000)).toBe(0);
  });

  it("stops counting a minute after the last input and resumes on input", () => {
    const t = new ActiveTimeTracker(0, on);
    expect(t.peek(5 * 60_000)).toBe(IDLE_MS); // away for five minutes: only the first minute counts
    t.input(10 * 60_000);
    expect(t.take(10 * 60_000 + 20_000)).toBe(IDLE_MS + 20_000);
    expect(t.isActive(10 * 60_000 + 20_000)).toBe(true);
    expect(t.isActive(12 * 60_000)).toBe(false);
  });

  it("excludes hidden and unfocused stretches", () => {
    const t = new ActiveTimeTracker(0, on);
    t.input(1_000);
    t.setVisible(false, 10_000); // 10 s counted
    t.input(15_000); // input while hidden does not count
    t.setVisible(true, 40_000);
    t.input(40_000);
    t.setFocused(false, 50_000); // 10 s counted
    t.input(55_000);
    t.setFocused(true, 70_000);
    t.input(70_000);
    expect(t.take(75_000)).toBe(25_000);
  });

  it("starts idle-free but respects the initial state", () => {
    expect(new ActiveTimeTracker(0, { visible: false, focused: true }).take(30_000)).toBe(0);
    expect(new ActiveTimeTracker(0, { visible: true, focused: false }).take(30_000)).toBe(0);
  });

  it("gives back a failed report's time", () => {
    const t = new ActiveTimeTracker(0, on);
    const taken = t.take(10_000);
    t.giveBack(taken);
    expect(t.take(20_000)).toBe(20_000);
  });

  it("ignores a clock that goes backwards", () => {
    const t = new ActiveTimeTracker(10_000, on);
    t.input(5_000);
    expect(t.take(5_000)).toBe(0);
    expect(t.take(20_000)).toBe(10_000);
  });
});
