// A Dawid–Skene fit that stops at the iteration cap without converging (two raters who mirror each
// other): where it stood depends on rounding, so the package's scripts recompute its numbers from
// its own prior and confusion matrices instead of comparing a refit (which once differed by 0.999),
// and still catch an altered number; the paragraph and the LaTeX table leave its estimates out, the
// Markdown report says not to report them, and no bootstrap interval is computed or shown for it.
import { afterAll, describe, expect, it } from "vitest";
import { mirroredAudit } from "../__fixtures__/mirrored-audit";
import { computeAuditReport } from "../compute";
import { latentIntervalTasks } from "../latent-class";
import { shownReport } from "../shown";
import { missingIntervals } from "../../server/reports/latent-interval/client";
import { entriesOf, hasNumpy, hasR, removeUnpacked, requireR, run, unpack } from "./package-harness";

afterAll(removeUnpacked);

interface LatentClass {
  logLikelihood: number;
  items: { posterior: number[] }[];
  raters: { confusion: number[][] }[];
}
/** report.json with the gold dimension's latent-class block changed. */
const tamper = (change: (lc: LatentClass) => void) => (json: string) => {
  const report = JSON.parse(json) as { dimensions: { latentClass: LatentClass }[] };
  change(report.dimensions[0]!.latentClass);
  return JSON.stringify(report, null, 2) + "\n";
};
const file = (name: string) => entriesOf(mirroredAudit()).find((e) => e.name === name)!.content;

describe("a latent-class fit that did not converge", () => {
  it("is the fixture's: the EM is still moving at the cap", () => {
    const lc = computeAuditReport(mirroredAudit()).dimensions[0]!.latentClass!;
    expect(lc.converged).toBe(false);
    expect(lc.iterations).toBe(10_000);
  });

  it("gets no bootstrap interval: none is computed, asked for or shown from an earlier computation", () => {
    const s = mirroredAudit();
    expect(latentIntervalTasks(s)).toEqual([]);
    const report = computeAuditReport(s);
    expect(report.dimensions[0]!.latentClass!.errorRate!.interval).toBeNull();
    expect(missingIntervals(shownReport(report))).toEqual([]);
    // An interval kept for these very inputs (computed before fits that did not converge got none) is not shown.
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
    const kept = computeAuditReport({ ...s, latentIntervals: [{ dimension: "gold", inputs, interval, values: new Float64Array(10_000) }] });
    expect(kept.dimensions[0]!.latentClass!.errorRate!.interval).toBeNull();
  });

  it("is left out of the paragraph and the LaTeX table, and flagged in the Markdown report", () => {
    const paragraph = file("paragraph.txt");
    expect(paragraph).toMatch(
      /A Dawid–Skene latent-class model did not converge within 10,000 EM iterations, so these ratings do not determine its estimates and none is reported\./,
    );
    expect(paragraph).not.toMatch(/put the mean probability/);
    const tex = file("report.tex");
    expect(tex).toMatch(/% Left out, the fit did not converge within 10,000 EM iterations .*: Gold answer\./);
    expect(tex).not.toMatch(/tab:clinaudit-latent-class/);
    const md = file("report.md");
    expect(md).toMatch(/\*\*The fit did not converge\*\*: it stopped at 10,000 iterations still moving/);
    expect(md).toMatch(/\(no item-bootstrap interval: the fit did not converge\)\./);
  });

  for (const [tool, script, present] of [
    ["python3", "reproduce.py", hasNumpy],
    ["Rscript", "reproduce.R", hasR || requireR],
  ] as const) {
    describe.skipIf(!present)(script, () => {
      it("recomputes its numbers from its own parameters and agrees", () => {
        const r = run(tool, [script], unpack(mirroredAudit()));
        expect(r.out).toMatch(
          /gold: the latent-class fit stopped at 10,000 EM iterations without converging; its numbers are recomputed from its own prior and confusion matrices, not from a refit/,
        );
        expect(r.out).toMatch(
          /gold +latent class \(not converged; from its parameters\) posteriors of 100 items \(largest difference\) .* ok/,
        );
        expect(r.out).toMatch(/gold +latent class \(not converged; from its parameters\) error rate \(mean posterior\) .* ok/);
        expect(r.out).toMatch(/gold: no bootstrap interval for the latent-class error rate: the fit did not converge/);
        expect(r.out).toMatch(/All \d+ numbers agree with the report/);
        expect(r.status).toBe(0);
      }, 120_000);

      it.each([
        [
          "posterior",
          (lc: LatentClass) => (lc.items[0]!.posterior = lc.items[0]!.posterior.map((p, c) => (c < 2 ? 1 - p : p))),
          /posteriors of 100 items/,
        ],
        ["log-likelihood", (lc: LatentClass) => (lc.logLikelihood += 1e-6), /log-likelihood/],
        ["confusion matrix", (lc: LatentClass) => (lc.raters[2]!.confusion[0] = [0.7, 0.3, 0]), /posteriors of 100 items/],
      ])(
        "fails on an altered %s",
        (_what, change, line) => {
          const r = run(tool, [script], unpack(mirroredAudit(), tamper(change)));
          expect(r.status).toBe(1);
          const differs = r.out.split("\n").filter((l) => l.endsWith("DIFFERS"));
          expect(differs.some((l) => line.test(l))).toBe(true);
        },
        120_000,
      );
    });
  }
});
