import { describe, expect, it } from "vitest";
import { BAD_CREDENTIALS, readSignInError, throttledCode } from "./sign-in-codes";

describe("the password sign-in's answers", () => {
  it("carry the wait as a code, in whole minutes rounded up", () => {
    expect(throttledCode(1)).toBe("Throttled:1");
    expect(throttledCode(60_000)).toBe("Throttled:1");
    expect(throttledCode(60_001)).toBe("Throttled:2");
    expect(readSignInError(throttledCode(14 * 60_000), "off")).toEqual({ kind: "throttled", minutes: 14 });
  });

  it("read everything else as bad credentials, except password sign-in turned off", () => {
    expect(readSignInError(BAD_CREDENTIALS, "off")).toEqual({ kind: "invalid" });
    expect(readSignInError(undefined, "off")).toEqual({ kind: "invalid" });
    expect(readSignInError("Too many failed sign-in attempts. Please wait 2 minutes", "off")).toEqual({ kind: "invalid" });
    expect(readSignInError("off", "off")).toEqual({ kind: "passwordOff" });
  });
});
