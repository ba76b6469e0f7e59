import { describe, expect, it } from "vitest";
import { adjudicatedOutcome } from "../adjudication/outcome";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { paragraph } from "./paragraph";
import { shownReport } from "./shown";

describe("shownReport", () => {
  const report = computeAuditReport(smallAudit());
  const shown = shownReport(report);
  const records = [
    {
      itemId: report.dimensions[0]!.disagreements[0]!.itemId,
      finalLabels: { [report.dimensions[0]!.key]: "incorrect" },
      removeItem: false,
    },
    { itemId: report.dimensions[0]!.items.at(-1)!.itemId, finalLabels: {}, removeItem: true },
  ];

  it("keeps of each item only what the dashboard reads, and everything else as is", () => {
    for (const [i, d] of shown.dimensions.entries()) {
      const full = report.dimensions[i]!;
      expect(d.items).toEqual(full.items.map((x) => ({ itemId: x.itemId, majority: x.majority })));
      const { items: _, ...latent } = full.latentClass ?? { items: null };
      expect(d.latentClass).toEqual(full.latentClass && latent);
      expect({ ...d, items: null, latentClass: null }).toEqual({ ...full, items: null, latentClass: null });
    }
    expect({ ...shown, dimensions: null }).toEqual({ ...report, dimensions: null });
  });

  it("gives the dashboard the same adjudicated outcome and paragraph as the downloads", () => {
    expect(adjudicatedOutcome(shown, records)).toEqual(adjudicatedOutcome(report, records));
    const outcome = adjudicatedOutcome(report, records);
    const options = { adjudication: { items: outcome.adjudicated, changedLabels: outcome.changedLabels, removed: outcome.removed } };
    expect(paragraph(shown, options)).toBe(paragraph(report, options));
  });
});
