// The reproducibility package: byte-identical for the same state, checksummed, and its two scripts
// recompute every checked number of report.json from ratings-long.csv alone (and say so when a
// number was tampered with). Python needs numpy; R is installed by `npm test` (CLINAUDIT_REQUIRE_R=1
// there, so these tests cannot skip silently in CI).
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { calibratedAudit } from "../__fixtures__/calibrated-audit";
import { driftAudit } from "../__fixtures__/drift-audit";
import { modelGuidedAudit } from "../__fixtures__/model-guided-audit";
import { noRatings, oneCategory, singleRater, smallAudit, sparseAudit } from "../__fixtures__/small-audit";
import type { AuditSnapshot } from "../types";
import { sha256 } from "./files";
import { entriesOf, hasNumpy, hasR, randomAudit, removeUnpacked, requireR, run, unpack } from "./package-harness";
import { zipEntries } from "./zip";

afterAll(removeUnpacked);

/** report.json with one confidence bound moved by 0.01: the scripts must catch exactly that. */
function nudgeFleissUpper(json: string): string {
  const report = JSON.parse(json);
  report.dimensions[1].agreement.coefficients.fleissKappa.ciUpper -= 0.01;
  return JSON.stringify(report, null, 2) + "\n";
}

/** A drifting audit with rating times, two guideline edits and a rating changed late. */
function driftWithEdits(): AuditSnapshot {
  const s = driftAudit({ items: 300, flipShare: 0.4 });
  s.audit.guidelineEdits = ["2026-11-02T10:30:00.000Z", "2026-11-02T08:00:00.000Z"];
  s.ratings.find((r) => r.itemId === "i3" && r.raterId === "u1")!.at = "2026-11-03T00:00:00.000Z";
  return s;
}

/** report.json with the last window's AC1 of the first dimension moved by 0.01. */
function nudgeLastWindow(json: string): string {
  const report = JSON.parse(json);
  report.agreementOverTime.dimensions[0].windows.at(-1).gwetAc1.coeff -= 0.01;
  return JSON.stringify(report, null, 2) + "\n";
}

/** report.json with the whole-audit AC1 the first dimension's drop is measured against moved by 0.01. */
function nudgeDropOverall(json: string): string {
  const report = JSON.parse(json);
  report.agreementOverTime.dimensions[0].drop.overall -= 0.01;
  return JSON.stringify(report, null, 2) + "\n";
}

/** report.json with the third rater's upper agreement bound on the first dimension moved by 0.01. */
function nudgeRaterCi(json: string): string {
  const report = JSON.parse(json);
  report.raterQuality.dimensions[0].raters[2].agreementCi.upper -= 0.01;
  return JSON.stringify(report, null, 2) + "\n";
}

/** report.json with the first dimension's latent-class prior of its first category moved by 0.01. */
function nudgeLatentPrior(json: string): string {
  const report = JSON.parse(json);
  report.dimensions[0].latentClass.prior[0] += 0.01;
  return JSON.stringify(report, null, 2) + "\n";
}

/** report.json with R2's agreement with the key at the first calibration round moved by 0.01. */
function nudgeCalibration(json: string): string {
  const report = JSON.parse(json);
  report.calibration.raters[1].rounds[0].agreement += 0.01;
  return JSON.stringify(report, null, 2) + "\n";
}

/** The same audit with its one dimension a conversation's per-turn one ("gold@t2"), as the server keys it. */
function perTurn(s: AuditSnapshot): AuditSnapshot {
  return {
    ...s,
    rubric: s.rubric.map((d) => ({ ...d, key: `${d.key}@t2`, label: `${d.label}, turn 2` })),
    ratings: s.ratings.map((r) => ({ ...r, dimension: `${r.dimension}@t2` })),
  };
}

describe("reproducibility package", () => {
  it("is byte-identical for the same state and lists every file's SHA-256", async () => {
    const [a, b] = await Promise.all([zipEntries(entriesOf(smallAudit())), zipEntries(entriesOf(smallAudit()))]);
    expect(sha256(a)).toBe(sha256(b));
    const entries = entriesOf(smallAudit());
    expect(entries.map((e) => e.name)).toEqual([
      "README.md",
      "audit.json",
      "ratings-long.csv",
      "ratings-wide-gold.csv",
      "ratings-wide-safety.csv",
      "majority-labels.csv",
      "adjudication.csv",
      "comments.csv",
      "time-on-task.csv",
      "latent-class.csv",
      "latent-class-replicates.csv",
      "rating-times.csv",
      "revisions.csv",
      "report.json",
      "report.md",
      "report.tex",
      "paragraph.txt",
      "reproduce.py",
      "reproduce.R",
      "SHA256SUMS",
    ]);
    const dir = unpack(smallAudit());
    expect(execFileSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: dir, encoding: "utf8" })).not.toMatch(/FAILED/);
    // A different state is a different package.
    const changed = smallAudit();
    changed.ratings = changed.ratings.slice(1);
    expect(sha256(await zipEntries(entriesOf(changed)))).not.toBe(sha256(a));
  });

  it("audit.json states frame, seed, algorithms, rubric and the plan, with raters as labels only", () => {
    const meta = JSON.parse(entriesOf(smallAudit()).find((e) => e.name === "audit.json")!.content);
    expect(meta).toMatchObject({
      packageVersion: 1,
      dataset: { checksum: "ab".repeat(32), itemCount: 1500 },
      sample: { size: 6, seed: "clinaudit-2025", populationSize: 1500, sampling: { frameSize: 1500 } },
      rubric: [{ key: "gold", tieCategory: "uncertain", errorCategory: "incorrect" }, { key: "safety" }],
      assignmentPlan: {
        design: "FULLY_CROSSED",
        raters: [
          { rater: "R1", ratedItems: 6 },
          { rater: "R2", ratedItems: 6 },
          { rater: "R3", ratedItems: 6 },
        ],
      },
    });
    expect(JSON.stringify(meta)).not.toMatch(/u-ana|u-ben|u-cy/);
  });

  const snapshots: [string, () => AuditSnapshot][] = [
    ["the small audit", smallAudit],
    ["a sparse audit without N", sparseAudit],
    ["an audit nobody rated", noRatings],
    ["a single rater", singleRater],
    ["one category", oneCategory],
    ["120 items × 3 raters with gaps", () => randomAudit(7, 120, 3)],
    ["300 items × 5 raters with gaps", () => randomAudit(11, 300, 5)],
    ["300 timed items with drift and guideline edits (agreement over time)", driftWithEdits],
    ["a per-turn dimension (gold@t2), 60 items × 3 raters", () => perTurn(randomAudit(13, 60, 3))],
    ["a calibration round, a re-calibration and a rater still practising", () => calibratedAudit(true)],
    ["a model-guided 100-item sample of 3 strata (design-weighted rate and bound)", () => modelGuidedAudit()],
    ["a model-guided sample with a stratum not yet rated", () => modelGuidedAudit({ unratedStratum: "some" })],
  ];

  describe.skipIf(!hasNumpy)("reproduce.py", () => {
    it.each(snapshots)("recomputes every number of %s", (_name, make) => {
      const r = run("python3", ["reproduce.py"], unpack(make()));
      expect(r.out).toMatch(/All \d+ numbers agree with the report/);
      expect(r.status).toBe(0);
    });

    it("fails, naming the number, when the report was altered", () => {
      const r = run("python3", ["reproduce.py"], unpack(smallAudit(), nudgeFleissUpper));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/safety +fleissKappa ciUpper .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming it, when the latent-class prior was altered", () => {
      const r = run("python3", ["reproduce.py"], unpack(smallAudit(), nudgeLatentPrior));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +latent class prior correct .* -?0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming the window, when a window's AC1 was altered", () => {
      const r = run("python3", ["reproduce.py"], unpack(driftWithEdits(), nudgeLastWindow));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +window 6 gwetAc1 coeff .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming it, when the whole-audit AC1 of the drop was altered", () => {
      const r = run("python3", ["reproduce.py"], unpack(driftWithEdits(), nudgeDropOverall));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +drop: whole-audit AC1 .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming the rater, when a rater's bootstrap bound was altered", () => {
      const r = run("python3", ["reproduce.py"], unpack(driftWithEdits(), nudgeRaterCi));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +R3 quality agreement CI upper .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming the rater and round, when a calibration number was altered", () => {
      const r = run("python3", ["reproduce.py"], unpack(calibratedAudit(true), nudgeCalibration));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/calibration +R2 round 1 agreement .* -0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });
  });

  describe.skipIf(!hasR && !requireR)("reproduce.R", () => {
    it.each(snapshots)("recomputes every number of %s", (_name, make) => {
      const r = run("Rscript", ["reproduce.R"], unpack(make()));
      expect(r.out).toMatch(/All \d+ numbers agree with the report/);
      expect(r.status).toBe(0);
    });

    it("fails, naming the number, when the report was altered", () => {
      const r = run("Rscript", ["reproduce.R"], unpack(smallAudit(), nudgeFleissUpper));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/safety +fleissKappa ciUpper .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming it, when the latent-class prior was altered", () => {
      const r = run("Rscript", ["reproduce.R"], unpack(smallAudit(), nudgeLatentPrior));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +latent class prior correct .* -?0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming the window, when a window's AC1 was altered", () => {
      const r = run("Rscript", ["reproduce.R"], unpack(driftWithEdits(), nudgeLastWindow));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +window 6 gwetAc1 coeff .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming it, when the whole-audit AC1 of the drop was altered", () => {
      const r = run("Rscript", ["reproduce.R"], unpack(driftWithEdits(), nudgeDropOverall));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +drop: whole-audit AC1 .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming the rater, when a rater's bootstrap bound was altered", () => {
      const r = run("Rscript", ["reproduce.R"], unpack(driftWithEdits(), nudgeRaterCi));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/gold +R3 quality agreement CI upper .* 0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });

    it("fails, naming the rater and round, when a calibration number was altered", () => {
      const r = run("Rscript", ["reproduce.R"], unpack(calibratedAudit(true), nudgeCalibration));
      expect(r.status).toBe(1);
      expect(r.out).toMatch(/calibration +R2 round 1 agreement .* -0\.01 +DIFFERS/);
      expect(r.out).toMatch(/1 of \d+ numbers differ from the report/);
    });
  });
});
