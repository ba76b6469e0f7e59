import { describe, expect, it } from "vitest";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { withLatentIntervals } from "./with-intervals";
import type { KeptLatentInterval } from "./snapshot";

/** A kept interval for a dimension and inputs (its numbers are not checked here, only carried). */
function kept(dimension: string, inputs: string, ciLower: number): KeptLatentInterval {
  return {
    dimension,
    inputs,
    interval: {
      estimate: 0.1,
      ciLower,
      ciUpper: 0.4,
      level: 0.95,
      replicates: 3,
      used: 3,
      seed: "s",
      stream: "latent-class",
      prng: "xoshiro256** v1",
      quantile: "type 7",
    } as KeptLatentInterval["interval"],
    values: Float64Array.from([0.1, 0.2, 0.3]),
  };
}

describe("withLatentIntervals", () => {
  const snapshot = smallAudit();
  const report = computeAuditReport(snapshot);
  const gold = report.dimensions.find((d) => d.latentClass?.errorRate)!;
  const inputs = gold.latentClass!.errorRate!.intervalInputs;

  it("gives, byte for byte, the report computed with the intervals", () => {
    for (const intervals of [
      [kept(gold.key, inputs, 0.05)],
      // One from other ratings (another fingerprint) and one of another dimension: not taken.
      [kept(gold.key, `${inputs}x`, 0.06), kept("no-such-dimension", inputs, 0.07)],
      [],
    ]) {
      const recomputed = computeAuditReport({ ...snapshot, latentIntervals: intervals });
      expect(JSON.stringify(withLatentIntervals(report, intervals))).toBe(JSON.stringify(recomputed));
    }
    expect(withLatentIntervals(report, [kept(gold.key, inputs, 0.05)]).dimensions[0]!.latentClass!.errorRate!.interval!.ciLower).toBe(0.05);
  });

  it("takes an interval out again when it is no longer kept, and leaves the report it was given as it was", () => {
    const withOne = computeAuditReport({ ...snapshot, latentIntervals: [kept(gold.key, inputs, 0.05)] });
    const text = JSON.stringify(withOne);
    expect(JSON.stringify(withLatentIntervals(withOne, undefined))).toBe(JSON.stringify(report));
    expect(JSON.stringify(withOne)).toBe(text);
  });
});
