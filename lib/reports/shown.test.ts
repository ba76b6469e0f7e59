import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { adjudicatedOutcome } from "../adjudication/outcome";
import { smallAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { paragraph } from "./paragraph";
import { majorityLabels, shownItems, shownReport } from "./shown";

describe("shownReport and shownItems", () => {
  const report = computeAuditReport(smallAudit());
  const shown = shownReport(report);
  const items = shownItems(report);
  const records = [
    {
      itemId: report.dimensions[0]!.disagreements[0]!.itemId,
      finalLabels: { [report.dimensions[0]!.key]: "incorrect" },
      removeItem: false,
    },
    { itemId: report.dimensions[0]!.items.at(-1)!.itemId, finalLabels: {}, removeItem: true },
  ];

  it("keeps no per-item summary in the report, and everything else as is", () => {
    for (const [i, d] of shown.dimensions.entries()) {
      const full = report.dimensions[i]!;
      expect("items" in d).toBe(false);
      const { items: _, ...latent } = full.latentClass ?? { items: null };
      expect(d.latentClass).toEqual(full.latentClass && latent);
      // The majority's counts, not its label per item.
      const { perItem: __, ...majority } = full.agreement.majority;
      expect(d.agreement).toEqual({ ...full.agreement, majority });
      const cut = { items: null, latentClass: null, agreement: null };
      expect({ ...d, ...cut }).toEqual({ ...full, ...cut });
    }
    expect({ ...shown, dimensions: null }).toEqual({ ...report, dimensions: null });
  });

  it("keeps each item's majority and P(error category) in typed arrays, one item order", () => {
    const ids = [...new Set(report.dimensions.flatMap((d) => d.items.map((x) => x.itemId)))];
    expect(items.itemIds).toEqual(ids);
    for (const d of report.dimensions) {
      const labels = majorityLabels(items, d);
      for (const x of d.items) expect(labels.get(x.itemId)).toBe(x.majority);
      expect(items.majorities.get(d.key)).toBeInstanceOf(Int16Array);
      const e = d.latentClass && d.errorCategory ? d.latentClass.categories.indexOf(d.errorCategory) : -1;
      const posteriors = items.errorPosteriors.get(d.key);
      if (e < 0) expect(posteriors).toBeUndefined();
      else {
        const byId = new Map(d.latentClass!.items.map((x) => [x.itemId, x.posterior[e]]));
        expect([...posteriors!]).toEqual(ids.map((id) => byId.get(id) ?? Number.NaN));
      }
    }
    // The fixture has a dimension with an error category and a fit, and one without.
    expect(items.errorPosteriors.get(report.dimensions[0]!.key)).toHaveLength(ids.length);
    expect(items.errorPosteriors.has(report.dimensions[1]!.key)).toBe(false);
    // Sent from the report thread in the structured clone's format: it comes back equal.
    expect(v8.deserialize(v8.serialize(items))).toEqual(items);
  });

  it("gives the dashboard the adjudicated outcome counted from the full report's items, and the same paragraph", () => {
    const removed = new Set(records.filter((r) => r.removeItem).map((r) => r.itemId));
    const expected = report.dimensions.map((d) => {
      const counts = new Map(d.categories.map((c) => [c.key, 0]));
      for (const x of d.items) {
        if (x.majority === null || removed.has(x.itemId)) continue;
        const final = records.find((r) => r.itemId === x.itemId)?.finalLabels[d.key] ?? x.majority;
        counts.set(final, counts.get(final)! + 1);
      }
      return d.categories.map((c) => counts.get(c.key));
    });
    const outcome = adjudicatedOutcome(shown, items, records);
    expect(outcome.dimensions.map((d) => d.counts.map((c) => c.count))).toEqual(expected);
    expect(outcome).toMatchObject({ adjudicated: 2, removed: 1 });
    const options = { adjudication: { items: outcome.adjudicated, changedLabels: outcome.changedLabels, removed: outcome.removed } };
    expect(paragraph(shown, options)).toBe(paragraph(report, options));
  });
});
