import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("drops falsy parts", () => {
    expect(cn("a", false, null, undefined, "b")).toBe("a b");
  });

  it("lets a later utility of the same kind win", () => {
    expect(cn("px-4 py-2", "px-8")).toBe("py-2 px-8");
    expect(cn("bg-accent text-white", "bg-red-600")).toBe("text-white bg-red-600");
  });

  it("keeps utilities of different kinds", () => {
    expect(cn("text-sm", "text-slate-700")).toBe("text-sm text-slate-700");
  });
});
