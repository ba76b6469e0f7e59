// Dawid–Skene fits the ratings do not determine (docs/latent-class.md), one of each kind:
// - one still moving at the 1,000,000-iteration cap (unconvergedAudit): where it stood depends on
//   the cap and rounding;
// - one that converged but set apart two raters whose ratings can trade places (mirroredAudit): the
//   fit with their places traded is as likely, and which of the two the EM reaches depends on the
//   order of its sums (numpy's refit once differed from the report by 0.999 in a confusion entry).
// The package's scripts recompute each one's numbers from its own prior and confusion matrices
// instead of comparing a refit, and still catch an altered number; the paragraph and the LaTeX table
// leave its estimates out, the Markdown report says not to report them, and no bootstrap interval is
// computed or shown for it.
import { afterAll, describe, expect, it } from "vitest";
import type { AuditSnapshot } from "../types";
import { mirroredAudit, unconvergedAudit } from "../__fixtures__/unsettled-audits";
import { computeAuditReport } from "../compute";
import { latentIntervalTasks } from "../latent-class";
import { shownReport } from "../shown";
import { missingIntervals } from "../../server/reports/latent-interval/client";
import { entriesOf, hasNumpy, hasR, removeUnpacked, requireR, run, unpack } from "./package-harness";

afterAll(removeUnpacked);

interface LatentClass {
  logLikelihood: number;
  mirrored: string[] | null;
  items: { posterior: number[] }[];
  raters: { confusion: number[][] }[];
}
/** report.json with the gold dimension's latent-class block changed. */
const tamper = (change: (lc: LatentClass) => void) => (json: string) => {
  const report = JSON.parse(json) as { dimensions: { latentClass: LatentClass }[] };
  change(report.dimensions[0]!.latentClass);
  return JSON.stringify(report, null, 2) + "\n";
};

// Each audit's snapshot and package made once: the unconverged fit takes ~0.5 s a report.
const audits = [
  { kind: "a fit that did not converge", audit: unconvergedAudit(), items: 30, name: "not converged" },
  { kind: "a fit that set apart two raters who can trade places", audit: mirroredAudit(), items: 100, name: "two raters set apart" },
] as const;
const packages = new Map<AuditSnapshot, ReturnType<typeof entriesOf>>();
const file = (s: AuditSnapshot, name: string) => {
  if (!packages.has(s)) packages.set(s, entriesOf(s));
  return packages.get(s)!.find((e) => e.name === name)!.content;
};

describe("the fixtures", () => {
  it("unconvergedAudit: the EM is still moving at the cap", () => {
    const lc = computeAuditReport(unconvergedAudit()).dimensions[0]!.latentClass!;
    expect(lc).toMatchObject({ converged: false, iterations: 1_000_000, mirrored: null });
  });

  it("mirroredAudit: R1 and R2 can trade places, and the converged fit set them apart", () => {
    const lc = computeAuditReport(mirroredAudit()).dimensions[0]!.latentClass!;
    expect(lc).toMatchObject({ converged: true, mirrored: ["R1", "R2"] });
    const [r1, r2] = lc.raters.map((r) => r.confusion.flat());
    expect(Math.max(...r1!.map((v, j) => Math.abs(v - r2![j]!)))).toBeGreaterThan(0.1);
  });
});

for (const { kind, audit, items, name } of audits) {
  describe(kind, () => {
    it("gets no bootstrap interval: none is computed, asked for or shown from an earlier computation", () => {
      expect(latentIntervalTasks(audit)).toEqual([]);
      const report = computeAuditReport(audit);
      expect(report.dimensions[0]!.latentClass!.errorRate!.interval).toBeNull();
      expect(missingIntervals(shownReport(report))).toEqual([]);
      // An interval kept for these very inputs (computed before such fits got none) is not shown.
      const inputs = report.dimensions[0]!.latentClass!.errorRate!.intervalInputs;
      const interval = {
        estimate: 0.1,
        ciLower: 0.05,
        ciUpper: 0.2,
        level: 0.95,
        replicates: 10_000,
        used: 10_000,
        seed: "s",
        stream: "latent-class/gold",
        prng: "xoshiro256**",
        quantile: "type 7",
      };
      const latentIntervals = [{ dimension: "gold", inputs, interval, values: new Float64Array(10_000) }];
      const kept = computeAuditReport({ ...audit, latentIntervals });
      expect(kept.dimensions[0]!.latentClass!.errorRate!.interval).toBeNull();
    });

    it("is left out of the paragraph and the LaTeX table, and flagged in the Markdown report", () => {
      const paragraph = file(audit, "paragraph.txt");
      const tex = file(audit, "report.tex");
      const md = file(audit, "report.md");
      expect(paragraph).not.toMatch(/put the mean probability/);
      expect(tex).not.toMatch(/tab:clinaudit-latent-class/);
      if (audit === audits[0].audit) {
        expect(paragraph).toMatch(
          /A Dawid–Skene latent-class model did not converge within 1,000,000 EM iterations, so these ratings do not determine its estimates and none is reported\./,
        );
        expect(tex).toMatch(
          /% Left out, fits whose numbers the ratings do not determine: Gold answer \(did not converge within 1,000,000 EM iterations\)\./,
        );
        expect(md).toMatch(/\*\*The fit did not converge\*\*: it stopped at 1,000,000 iterations still moving/);
        expect(md).toMatch(/\(no item-bootstrap interval: the fit did not converge\)\./);
      } else {
        expect(paragraph).toMatch(
          /A Dawid–Skene latent-class model set apart R1 and R2, whose ratings can trade places \(each pattern occurs as often as the one with their two ratings swapped\), so these ratings do not determine its estimates and none is reported\./,
        );
        expect(tex).toMatch(
          /% Left out, fits whose numbers the ratings do not determine: Gold answer \(set apart R1 and R2, whose ratings can trade places\)\./,
        );
        expect(md).toMatch(/\*\*It set apart R1 and R2, whose ratings can trade places\*\*/);
        expect(md).toMatch(/\(no item-bootstrap interval: the ratings do not determine the fit\)\./);
      }
    });

    for (const [tool, script, present] of [
      ["python3", "reproduce.py", hasNumpy],
      ["Rscript", "reproduce.R", hasR || requireR],
    ] as const) {
      describe.skipIf(!present)(script, () => {
        it("recomputes its numbers from its own parameters and agrees", () => {
          const r = run(tool, [script], unpack(audit));
          const label = name.replace(/[()]/g, "\\$&");
          expect(r.out).toMatch(
            audit === audits[0].audit
              ? /gold: the latent-class fit stopped at 1,000,000 EM iterations without converging; its numbers are recomputed from its own prior and confusion matrices, not from a refit/
              : /gold: the latent-class fit set apart R1 and R2, whose ratings can trade places; its numbers are recomputed from its own prior and confusion matrices, not from a refit/,
          );
          expect(r.out).toMatch(
            new RegExp(
              `gold +latent class \\(${label}; from its parameters\\) posteriors of ${items} items \\(largest difference\\) .* ok`,
            ),
          );
          expect(r.out).toMatch(new RegExp(`gold +latent class \\(${label}; from its parameters\\) error rate \\(mean posterior\\) .* ok`));
          if (audit === audits[1].audit) {
            expect(r.out).toMatch(
              /gold +latent class \(two raters set apart; from its parameters\) raters set apart that can trade places +R1 and R2 +R1 and R2 .* ok/,
            );
          }
          expect(r.out).toMatch(/gold: no bootstrap interval for the latent-class error rate: /);
          expect(r.out).toMatch(/All \d+ numbers agree with the report/);
          expect(r.status).toBe(0);
        }, 120_000);

        it.each([
          [
            "posterior",
            (lc: LatentClass) => (lc.items[0]!.posterior = lc.items[0]!.posterior.map((p, c) => (c < 2 ? 1 - p : p))),
            /posteriors of \d+ items/,
          ],
          ["log-likelihood", (lc: LatentClass) => (lc.logLikelihood += 1e-6), /log-likelihood/],
          ["confusion matrix", (lc: LatentClass) => (lc.raters[2]!.confusion[0] = [0.7, 0.3, 0]), /posteriors of \d+ items/],
        ])(
          "fails on an altered %s",
          (_what, change, line) => {
            const r = run(tool, [script], unpack(audit, tamper(change)));
            expect(r.status).toBe(1);
            const differs = r.out.split("\n").filter((l) => l.endsWith("DIFFERS"));
            expect(differs.some((l) => line.test(l))).toBe(true);
          },
          120_000,
        );
      });
    }
  });
}
