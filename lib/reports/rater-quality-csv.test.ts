import { describe, expect, it } from "vitest";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { raterQualityCsv } from "./rater-quality-csv";

describe("rater-quality.csv", () => {
  const lines = raterQualityCsv(computeAuditReport(smallAudit())).trimEnd().split("\n");

  it("has one row per dimension and rater with kappa columns per rater", () => {
    expect(lines[0]).toBe(
      "dimension,rater,rated,compared,agreeing,split,agreement,agreement_lower,agreement_upper,uncertain,uncertain_share,uncertain_lower,uncertain_upper,median_minutes,median_minutes_lower,median_minutes_upper,kappa_R1,kappa_R2,kappa_R3",
    );
    expect(lines).toHaveLength(1 + 2 * 3);
    // gold, R2: 4 of 5 compared items agree; one uncertain category, no time stated; its own kappa empty.
    expect(lines[2]).toMatch(/^gold,R2,6,5,4,1,0\.8,[0-9.]+,1,0,0,0,0,,,,-?[0-9.]+,,-?[0-9.]+$/);
    // safety has no uncertain category: empty cells, not zeros.
    expect(lines[4]).toMatch(/^safety,R1,6,4,3,2,0\.75,[0-9.]+,[0-9.]+,,,,,,,,,/);
  });

  it("is the same bytes for the same snapshot", () => {
    expect(raterQualityCsv(computeAuditReport(smallAudit()))).toBe(lines.join("\n") + "\n");
  });
});
