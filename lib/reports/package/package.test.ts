// The reproducibility package: byte-identical for the same state, checksummed, and its two scripts
// recompute every checked number of report.json from ratings-long.csv alone (and say so when a
// number was tampered with). Python needs numpy; R is installed by `npm test` (CLINAUDIT_REQUIRE_R=1
// there, so these tests cannot skip silently in CI).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPrng } from "../../sampling/prng";
import { renderExport } from "../../server/reports/export-files";
import { calibratedAudit } from "../__fixtures__/calibrated-audit";
import { driftAudit } from "../__fixtures__/drift-audit";
import { modelGuidedAudit } from "../__fixtures__/model-guided-audit";
import { noRatings, oneCategory, singleRater, smallAudit, sparseAudit } from "../__fixtures__/small-audit";
import { computeAuditReport } from "../compute";
import type { AuditSnapshot } from "../types";
import type { ReportRevisions } from "../revisions";
import { packageEntries, sha256, type PackageInput } from "./files";
import { zipEntries } from "./zip";

const here = path.dirname(new URL(import.meta.url).pathname);
const scripts = {
  python: fs.readFileSync(path.join(here, "reproduce.py"), "utf8"),
  r: fs.readFileSync(path.join(here, "reproduce.R"), "utf8"),
};
const hasNumpy = spawnSync("python3", ["-c", "import numpy"]).status === 0;
const hasR = spawnSync("Rscript", ["--version"]).status === 0;
const requireR = process.env.CLINAUDIT_REQUIRE_R === "1";
const facts: PackageInput["facts"] = {
  audit: {
    design: "FULLY_CROSSED",
    ratersPerItem: null,
    createdAt: "2026-11-02T09:00:00.000Z",
    openedAt: "2026-11-02T09:05:00.000Z",
    closedAt: null,
    sampling: { frameSize: 1500 },
  },
  dataset: {
    name: "MedBench",
    version: 2,
    format: "ehr-decision-mcq-jsonl",
    formatVersion: null,
    checksum: "ab".repeat(32),
    timeZone: "UTC",
    itemCount: 1500,
    patientCount: 976,
  },
};

// One accepted gold fix among the sampled items (the server counts it from the stored decisions).
const revisions = (snapshot: AuditSnapshot): ReportRevisions => {
  const n = snapshot.items.length;
  return {
    conversations: false,
    summary: { items: n, rows: [{ kind: "gold", count: Math.min(1, n), of: n, share: n ? Math.min(1, n) / n : null }] },
  };
};

function entriesOf(snapshot: AuditSnapshot) {
  return packageEntries({
    snapshot,
    report: computeAuditReport(snapshot),
    facts,
    render: (f) => renderExport(snapshot, f, { revisions: revisions(snapshot) }),
    scripts,
  });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
function unpack(snapshot: AuditSnapshot, tamper?: (reportJson: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-package-"));
  dirs.push(dir);
  for (const e of entriesOf(snapshot))
    fs.writeFileSync(path.join(dir, e.name), e.name === "report.json" && tamper ? tamper(e.content) : e.content);
  return dir;
}
function run(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, encoding: "utf8" });
  return { status: r.status, out: r.stdout + r.stderr };
}

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

/** An audit of `items` items and `raters` raters with gaps, three categories and N = 1,500. */
function randomAudit(seed: number, items: number, raters: number): AuditSnapshot {
  const rng = createPrng(seed, "package-test");
  const next = () => rng.nextFloat();
  const base = smallAudit();
  const ids = Array.from({ length: items }, (_, i) => `i${i}`);
  const raterIds = Array.from({ length: raters }, (_, g) => `u${g}`);
  const categories = ["correct", "incorrect", "uncertain"];
  const ratings: AuditSnapshot["ratings"] = [];
  for (const itemId of ids) {
    const truth = next() < 0.85 ? 0 : next() < 0.5 ? 1 : 2;
    for (const raterId of raterIds) {
      if (next() < 0.1) continue; // a missing rating
      const category = next() < 0.8 ? truth : Math.floor(next() * 3);
      ratings.push({ itemId, raterId, dimension: "gold", category: categories[category]! });
    }
  }
  return {
    ...base,
    audit: { ...base.audit, sampleSize: items },
    rubric: [base.rubric[0]!],
    raters: raterIds.map((id, g) => ({ id, label: `R${g + 1}` })),
    items: ids.map((id, i) => ({ id, externalId: `q${i}`, chapter: null, level: null, decisionPoint: null, sampleOrder: i + 1 })),
    ratings,
  };
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
