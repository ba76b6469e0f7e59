import { describe, expect, it } from "vitest";
import { AssignmentError, balancedIncomplete, drawSample, SamplingError } from "@/lib/sampling";
import { englishText } from "../errors";
import { planErrorMessage } from "./plan-errors";

function thrown(run: () => unknown): SamplingError | AssignmentError {
  try {
    run();
  } catch (error) {
    if (error instanceof SamplingError || error instanceof AssignmentError) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

const text = (e: SamplingError | AssignmentError) => {
  const m = planErrorMessage(e);
  return typeof m === "string" ? m : englishText(m);
};

describe("the planner's errors an organizer meets, from the catalog", () => {
  const frame = Array.from({ length: 66 }, (_, i) => ({ id: `I${i}`, strata: {} }));
  it("words them exactly as the library does in English", () => {
    const tooBig = thrown(() => drawSample({ frame, size: 100, seed: "1", strata: [] }));
    expect(typeof planErrorMessage(tooBig)).toBe("object");
    expect(text(tooBig)).toBe(tooBig.message);
    const empty = thrown(() => drawSample({ frame: [], size: 1, seed: "1", strata: [] }));
    expect(typeof planErrorMessage(empty)).toBe("object");
    expect(text(empty)).toBe(empty.message);
    const k = thrown(() => balancedIncomplete({ clinicianIds: ["a", "b"], itemIds: ["x"], ratersPerItem: 5, seed: "1" }));
    expect(typeof planErrorMessage(k)).toBe("object");
    expect(text(k)).toBe(k.message);
  });
  it("covers every error by its code", () => {
    const dup = thrown(() => drawSample({ frame: [...frame, frame[0]!], size: 1, seed: "1", strata: [] }));
    expect(planErrorMessage(dup)).toEqual({ key: "domain.sampling.duplicateIds", values: { ids: '"I0"', more: 0 } });
    expect(text(dup)).toBe(dup.message);
    const seed = thrown(() => drawSample({ frame, size: 1, seed: " 1", strata: [] }));
    expect(planErrorMessage(seed)).toEqual({ key: "domain.sampling.seedWhitespace" });
  });
});
