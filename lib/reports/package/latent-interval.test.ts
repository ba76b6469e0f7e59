// The latent-class error rate's item-bootstrap interval in the package: report.json carries it,
// latent-class-replicates.csv every replicate, and both scripts refit the leading replicates exactly
// (all 10,000 with --all-replicates) and recompute the percentile interval from the stored values,
// agreeing to 1e-9; they say so when the interval was not yet computed, and fail on a changed number.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapMeanPosterior } from "../../agreement/latent-class";
import { smallAudit } from "../__fixtures__/small-audit";
import { latentIntervalTasks } from "../latent-class";
import type { AuditSnapshot } from "../types";
import { entriesOf, hasNumpy, hasR, randomAudit, removeUnpacked, requireR, run, unpack } from "./package-harness";

afterAll(removeUnpacked);

/** The snapshot with its intervals computed (B = 10,000), as the background thread keeps them; once per maker. */
const computed = new Map<() => AuditSnapshot, AuditSnapshot>();
function withIntervals(make: () => AuditSnapshot): () => AuditSnapshot {
  return () => {
    let s = computed.get(make);
    if (!s) {
      const base = make();
      const latentIntervals = latentIntervalTasks(base).map((t) => {
        const { values, ...interval } = bootstrapMeanPosterior(t.model, t.e, t.settings);
        return { dimension: t.dimension, inputs: t.inputs, interval, values };
      });
      computed.set(make, (s = { ...base, latentIntervals }));
    }
    return structuredClone(s);
  };
}
const small = withIntervals(smallAudit);
// One of its first 20 refits stops at the 10,000-iteration cap still moving: compared there.
const gaps = withIntervals(() => randomAudit(11, 200, 3));

/** report.json with the first dimension's interval's lower bound moved by 0.01. */
function nudgeIntervalLower(json: string): string {
  const report = JSON.parse(json);
  report.dimensions[0].latentClass.errorRate.interval.ciLower -= 0.01;
  return JSON.stringify(report, null, 2) + "\n";
}

/** latent-class-replicates.csv with replicate 3's value moved by 0.01 (one of the refitted ones). */
function nudgeReplicate(dir: string): string {
  const file = path.join(dir, "latent-class-replicates.csv");
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const [key, b, value] = lines[3]!.split(",");
  lines[3] = `${key},${b},${Number(value) + 0.01}`;
  fs.writeFileSync(file, lines.join("\n"));
  return dir;
}

describe("the latent-class interval in the package", () => {
  it("is in report.json and every replicate in latent-class-replicates.csv, once computed", () => {
    const file = (s: AuditSnapshot, name: string) => entriesOf(s).find((e) => e.name === name)!.content;
    expect(file(smallAudit(), "latent-class-replicates.csv")).toBe("dimension,replicate,value\n");
    expect(JSON.parse(file(smallAudit(), "report.json")).dimensions[0].latentClass.errorRate.interval).toBeNull();
    const s = small();
    const interval = JSON.parse(file(s, "report.json")).dimensions[0].latentClass.errorRate.interval;
    expect(interval).toMatchObject({ replicates: 10_000, level: 0.95, stream: "latent-class/gold", seed: "clinaudit-2025" });
    const rows = file(s, "latent-class-replicates.csv").trimEnd().split("\n").slice(1);
    expect(rows).toHaveLength(10_000);
    expect(rows[0]).toBe(`gold,1,${s.latentIntervals![0]!.values[0]}`);
    expect(file(s, "paragraph.txt")).toMatch(/95% item-bootstrap interval [\d.]+%–[\d.]+%, 10,000 refits/);
    expect(file(smallAudit(), "paragraph.txt")).toMatch(
      /its item-bootstrap interval, 10,000 refits, was not yet computed for these ratings/,
    );
  });

  for (const [tool, script, present] of [
    ["python3", "reproduce.py", hasNumpy],
    ["Rscript", "reproduce.R", hasR || requireR],
  ] as const) {
    describe.skipIf(!present)(script, () => {
      it.each([
        ["the small audit", small],
        ["200 items × 3 raters with gaps", gaps],
      ])(
        "refits the first 20 replicates of %s and recomputes the interval from all",
        (_name, make) => {
          const r = run(tool, [script], unpack(make()));
          if (make === gaps)
            expect(r.out).toMatch(/gold: 1 of the 20 refitted replicates stopped at 10,000 iterations, as the app's did; compared there/);
          expect(r.out).not.toMatch(/not compared/);
          expect(r.out).toMatch(/gold +latent class interval replicates 1\.\.20 refitted \(largest difference\) .* ok/);
          expect(r.out).toMatch(/gold +latent class interval upper \(from the stored replicates\) .* ok/);
          expect(r.out).toMatch(/All \d+ numbers agree with the report/);
          expect(r.status).toBe(0);
        },
        300_000,
      );

      it("says when the interval was not yet computed, and fails on an altered bound or replicate", () => {
        expect(run(tool, [script], unpack(smallAudit())).out).toMatch(
          /gold: the latent-class error rate's bootstrap interval was not yet computed/,
        );
        const bound = run(tool, [script], unpack(small(), nudgeIntervalLower));
        expect(bound.status).toBe(1);
        expect(bound.out).toMatch(/gold +latent class interval lower \(from the stored replicates\) .* 0\.01 +DIFFERS/);
        expect(bound.out).toMatch(/1 of \d+ numbers differ from the report/);
        const replicate = run(tool, [script], nudgeReplicate(unpack(small())));
        expect(replicate.status).toBe(1);
        expect(replicate.out).toMatch(/gold +latent class interval replicates 1\.\.20 refitted \(largest difference\) .* DIFFERS/);
      }, 120_000);
    });
  }

  // All 10,000 refits: about half a minute in Python on the small audit; R takes minutes (not run here).
  it.skipIf(!hasNumpy)(
    "reproduce.py refits all 10,000 replicates with --all-replicates",
    () => {
      const r = run("python3", ["reproduce.py", "--all-replicates"], unpack(small()));
      expect(r.out).toMatch(/gold +latent class interval replicates 1\.\.10000 refitted \(largest difference\) .* ok/);
      expect(r.out).toMatch(/All \d+ numbers agree with the report/);
      expect(r.status).toBe(0);
    },
    600_000,
  );
});
