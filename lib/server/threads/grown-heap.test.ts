import { describe, expect, it } from "vitest";
import { grownHeapMb } from "./start";

describe("a capped thread's heap after it stopped", () => {
  const outOfMemory = Object.assign(new Error("reaching memory limit"), { code: "ERR_WORKER_OUT_OF_MEMORY" });
  it("doubles when it ran out, up to 8× the setting", () => {
    expect(grownHeapMb(outOfMemory, 256, 256)).toBe(512);
    expect(grownHeapMb(outOfMemory, 1024, 256)).toBe(2048);
    expect(grownHeapMb(outOfMemory, 2048, 256)).toBeNull();
  });
  it("stays when the thread failed for another reason", () => {
    expect(grownHeapMb(new Error("boom"), 256, 256)).toBeNull();
    expect(grownHeapMb(undefined, 256, 256)).toBeNull();
  });
});
