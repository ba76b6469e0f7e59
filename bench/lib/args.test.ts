import { describe, expect, it } from "vitest";
import { BENCHMARKS, parseBenchArgs, requiredFlag, UsageError } from "./args";

describe("parseBenchArgs", () => {
  it("runs everything in full mode on port 3201 by default", () => {
    const o = parseBenchArgs([]);
    expect(o).not.toBe("help");
    if (o === "help") return;
    expect(o.quick).toBe(false);
    expect([...o.only]).toEqual([...BENCHMARKS]);
    expect(o.port).toBe(3201);
    expect(o.keep).toBe(false);
  });
  it("reads --quick, --only (both spellings), --port and --keep", () => {
    const o = parseBenchArgs(["--quick", "--only", "case,viewer", "--port=4000", "--keep"]);
    if (o === "help") throw new Error("help");
    expect(o.quick).toBe(true);
    expect([...o.only].sort()).toEqual(["case", "viewer"]);
    expect(o.port).toBe(4000);
    expect(o.keep).toBe(true);
    const p = parseBenchArgs(["--only=saves"]);
    if (p === "help") throw new Error("help");
    expect([...p.only]).toEqual(["saves"]);
  });
  it("names the bad part of a bad command line", () => {
    expect(() => parseBenchArgs(["--only", "case,cases"])).toThrow(/unknown benchmark\(s\) "cases"/);
    expect(() => parseBenchArgs(["--only"])).toThrow(/--only needs a value/);
    expect(() => parseBenchArgs(["--port", "x"])).toThrow(/"x" is not a port/);
    expect(() => parseBenchArgs(["--fast"])).toThrow(UsageError);
  });
  it("asks for help", () => {
    expect(parseBenchArgs(["--help"])).toBe("help");
  });
});

describe("requiredFlag", () => {
  it("reads the value after the flag, or names the script and the missing flag", () => {
    expect(requiredFlag(["--data", "d", "--notes", "n"], "--notes", "setup")).toBe("n");
    expect(() => requiredFlag(["--data"], "--data", "setup")).toThrow("setup: --data is required");
    expect(() => requiredFlag(["--data", "--notes", "n"], "--data", "setup")).toThrow(/--data is required/);
  });
});
