import { describe, expect, it, vi } from "vitest";
import { processWide } from "./process-wide";

describe("processWide", () => {
  it("makes the value once and gives every caller the same one", () => {
    const create = vi.fn(() => new Map<string, number>());
    const a = processWide("test.process-wide.once", create);
    const b = processWide("test.process-wide.once", create);
    expect(a).toBe(b);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("is shared by two copies of a module, as Next's chunks each load one", async () => {
    const first = await import("./process-wide");
    vi.resetModules();
    const second = await import("./process-wide");
    expect(second).not.toBe(first);
    const value = first.processWide("test.process-wide.copies", () => ({ n: 1 }));
    expect(second.processWide("test.process-wide.copies", () => ({ n: 2 }))).toBe(value);
  });

  it("keeps a value that is undefined, without making it again", () => {
    const create = vi.fn(() => undefined);
    processWide("test.process-wide.undefined", create);
    processWide("test.process-wide.undefined", create);
    expect(create).toHaveBeenCalledTimes(1);
  });
});
