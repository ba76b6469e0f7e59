// The reproducibility package of a model-guided (suspect-first) sample (issue #34): it carries the
// design (audit.json), each sampled item's stratum (model-strata.csv) and a README that says so, and
// both scripts recompute the design-weighted error rate and its bound — and fail, naming the
// number, when report.json's differs. (package.test.ts reruns both scripts on the same audits.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderExport } from "../../server/reports/export-files";
import { MODEL_DESIGN, modelGuidedAudit } from "../__fixtures__/model-guided-audit";
import { smallAudit } from "../__fixtures__/small-audit";
import { computeAuditReport } from "../compute";
import type { AuditSnapshot } from "../types";
import { packageEntries, type PackageInput } from "./files";

const here = path.dirname(new URL(import.meta.url).pathname);
const scripts = {
  python: fs.readFileSync(path.join(here, "reproduce.py"), "utf8"),
  r: fs.readFileSync(path.join(here, "reproduce.R"), "utf8"),
};
const hasNumpy = spawnSync("python3", ["-c", "import numpy"]).status === 0;
const hasR = spawnSync("Rscript", ["--version"]).status === 0 || process.env.CLINAUDIT_REQUIRE_R === "1";
const facts = {
  audit: {
    design: "FULLY_CROSSED",
    ratersPerItem: null,
    createdAt: "2026-11-02T09:00:00.000Z",
    openedAt: null,
    closedAt: null,
    sampling: {},
  },
  dataset: {
    name: "MedBench",
    version: 2,
    format: "f",
    formatVersion: null,
    checksum: "ab".repeat(32),
    timeZone: "UTC",
    itemCount: 1500,
    patientCount: 976,
  },
} satisfies PackageInput["facts"];

function entriesOf(snapshot: AuditSnapshot) {
  const revisions = { conversations: false, summary: { items: snapshot.items.length, rows: [] } };
  const render = (f: string) => renderExport(snapshot, f, { revisions });
  return packageEntries({ snapshot, report: computeAuditReport(snapshot), facts, render, scripts });
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
/** The package on disk, with `edit` applied to report.json's parsed content. */
type Report = { dimensions: { stratifiedErrorRate: { bound: Record<string, number> } }[] };
function unpack(snapshot: AuditSnapshot, edit?: (report: Report) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-design-package-"));
  dirs.push(dir);
  for (const e of entriesOf(snapshot)) {
    let content = e.content;
    if (e.name === "report.json" && edit) {
      const report = JSON.parse(content);
      edit(report);
      content = JSON.stringify(report, null, 2) + "\n";
    }
    fs.writeFileSync(path.join(dir, e.name), content);
  }
  return dir;
}

type Edit = (report: Report) => void;
const bound = (r: Report) => r.dimensions[0]!.stratifiedErrorRate.bound;
const tampered: [string, Edit, RegExp][] = [
  ["the design-weighted upper bound", (r) => void (bound(r).upper! += 0.01), /gold +stratified upper .* -?0\.01 +DIFFERS/],
  ["the design-weighted estimate", (r) => void (bound(r).estimate! -= 0.01), /gold +stratified estimate .* 0\.01 +DIFFERS/],
  ["n*", (r) => void (bound(r).effectiveSampleSize! += 0.5), /gold +stratified effectiveSampleSize .* -0\.5 +DIFFERS/],
];

describe("the package of a model-guided sample", () => {
  it("carries the design in audit.json, each item's stratum in model-strata.csv, and says so in the README", () => {
    const entries = entriesOf(modelGuidedAudit());
    const names = entries.map((e) => e.name);
    expect(names.indexOf("model-strata.csv")).toBe(names.indexOf("revisions.csv") + 1);
    const meta = JSON.parse(entries.find((e) => e.name === "audit.json")!.content);
    expect(meta.sample.modelDesign).toEqual(MODEL_DESIGN);
    expect(meta.files).toContain("model-strata.csv");
    const strata = entries
      .find((e) => e.name === "model-strata.csv")!
      .content.trim()
      .split("\n");
    expect(strata[0]).toBe("item,stratum");
    expect(strata).toHaveLength(101);
    expect(strata.filter((l) => l.endsWith(",most"))).toHaveLength(30);
    const readme = entries.find((e) => e.name === "README.md")!.content;
    expect(readme).toContain("## The model-guided design");
    expect(readme).toContain(`SHA-256 \`${"cd".repeat(32)}\``);
    expect(readme).toMatch(/\| `none` \| 1200 \| 40 \|/);
    expect(readme).toMatch(/\| `model-strata.csv` \| a model-guided sample/);
    // Any other sample: no design, no strata file.
    const plain = entriesOf(smallAudit());
    expect(plain.map((e) => e.name)).not.toContain("model-strata.csv");
    expect(JSON.parse(plain.find((e) => e.name === "audit.json")!.content).sample).not.toHaveProperty("modelDesign");
  });

  for (const [script, command, available] of [
    ["reproduce.py", "python3", hasNumpy],
    ["reproduce.R", "Rscript", hasR],
  ] as const) {
    describe.skipIf(!available)(script, () => {
      it("recomputes the design-weighted rate and bound to 1e-9", () => {
        const r = spawnSync(command, [script], { cwd: unpack(modelGuidedAudit()), encoding: "utf8" });
        expect(r.stdout).toMatch(/gold +stratified upper +0\.19\d+ +0\.19\d+ +\S+ +ok/);
        expect(r.stdout).toMatch(/model-guided design +stratum most sampled +30 +30 +0 +ok/);
        expect(r.stdout).toMatch(/All \d+ numbers agree with the report/);
        expect(r.status).toBe(0);
      });

      it.each(tampered)("fails, naming it, when %s was altered", (_name, edit, line) => {
        const r = spawnSync(command, [script], { cwd: unpack(modelGuidedAudit(), edit), encoding: "utf8" });
        expect(r.stdout).toMatch(line);
        expect(r.stdout).toMatch(/1 of \d+ numbers differ from the report/);
        expect(r.status).toBe(1);
      });

      // At the 1e-12 stopping threshold a script's sums, taken in another order, can stop a slowly
      // converging Dawid–Skene fit one EM iteration from the app's: one apart agrees, two do not.
      it.each([
        [1, /All \d+ numbers agree with the report/, 0],
        [2, /gold +latent class iterations .* -2 +DIFFERS/, 1],
      ] as const)("allows the latent-class fit to stop %i iteration(s) from the report's only when 1", (apart, line, status) => {
        const edit = (r: Report) =>
          void ((r.dimensions[0] as unknown as { latentClass: { iterations: number } }).latentClass.iterations += apart);
        const r = spawnSync(command, [script], { cwd: unpack(modelGuidedAudit(), edit), encoding: "utf8" });
        expect(r.stdout).toMatch(line);
        expect(r.status).toBe(status);
      });

      it("fails when model-strata.csv moves an item to another stratum", () => {
        const dir = unpack(modelGuidedAudit());
        const file = path.join(dir, "model-strata.csv");
        fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/,none\n/, ",most\n"));
        const r = spawnSync(command, [script], { cwd: dir, encoding: "utf8" });
        expect(r.stdout).toMatch(/model-guided design +stratum most sampled +30 +31 .*DIFFERS/);
        expect(r.status).toBe(1);
      });
    });
  }
});
