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
      // Each item's posterior cut to P(error category), by item id (the triage list's ranking).
      const e = full.latentClass?.categories.indexOf(full.errorCategory ?? "") ?? -1;
      const errorPosteriors = e < 0 ? null : Object.fromEntries(full.latentClass!.items.map((x) => [x.itemId, x.posterior[e]]));
      expect(d.latentClass).toEqual(full.latentClass && { ...latent, errorPosteriors });
      // The majority's counts, not its label per item (each item's is in `items`).
      const { perItem, ...majority } = full.agreement.majority;
      expect(perItem.map((m) => m.label)).toEqual(full.items.map((x) => x.majority));
      expect(d.agreement).toEqual({ ...full.agreement, majority });
      const cut = { items: null, latentClass: null, agreement: null };
      expect({ ...d, ...cut }).toEqual({ ...full, ...cut });
    }
    expect({ ...shown, dimensions: null }).toEqual({ ...report, dimensions: null });
    expect(Object.keys(shown.dimensions[0]!.latentClass!.errorPosteriors!)).toHaveLength(6);
    expect(shown.dimensions[1]!.latentClass!.errorPosteriors).toBeNull();
  });

  it("gives the dashboard the same adjudicated outcome and paragraph as the downloads", () => {
    expect(adjudicatedOutcome(shown, records)).toEqual(adjudicatedOutcome(report, records));
    const outcome = adjudicatedOutcome(report, records);
    const options = { adjudication: { items: outcome.adjudicated, changedLabels: outcome.changedLabels, removed: outcome.removed } };
    expect(paragraph(shown, options)).toBe(paragraph(report, options));
  });
});
