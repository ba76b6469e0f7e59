// What the package tests share: a package's entries from a snapshot, unpacked into a folder, and
// the scripts run in it. Not a test file: package.test.ts and latent-interval.test.ts import it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPrng } from "../../sampling/prng";
import { renderExport } from "../../server/reports/export-files";
import { smallAudit } from "../__fixtures__/small-audit";
import { computeAuditReport } from "../compute";
import type { ReportRevisions } from "../revisions";
import type { AuditSnapshot } from "../types";
import { packageEntries, type PackageInput } from "./files";

const here = path.dirname(new URL(import.meta.url).pathname);
const scripts = {
  python: fs.readFileSync(path.join(here, "reproduce.py"), "utf8"),
  r: fs.readFileSync(path.join(here, "reproduce.R"), "utf8"),
};
export const hasNumpy = spawnSync("python3", ["-c", "import numpy"]).status === 0;
export const hasR = spawnSync("Rscript", ["--version"]).status === 0;
export const requireR = process.env.CLINAUDIT_REQUIRE_R === "1";
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

export function entriesOf(snapshot: AuditSnapshot) {
  return packageEntries({
    snapshot,
    report: computeAuditReport(snapshot),
    facts,
    render: (f) => renderExport(snapshot, f, { revisions: revisions(snapshot) }),
    scripts,
  });
}

const dirs: string[] = [];
/** Removes every folder unpack made (each test file's afterAll). */
export function removeUnpacked(): void {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}
/** The package in a fresh folder, `tamper` applied to the content of `file` (report.json unless told). */
export function unpack(snapshot: AuditSnapshot, tamper?: (content: string) => string, file = "report.json"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-package-"));
  dirs.push(dir);
  for (const e of entriesOf(snapshot)) fs.writeFileSync(path.join(dir, e.name), e.name === file && tamper ? tamper(e.content) : e.content);
  return dir;
}
export function run(command: string, args: string[], cwd: string) {
  const r = spawnSync(command, args, { cwd, encoding: "utf8" });
  return { status: r.status, out: r.stdout + r.stderr };
}

/** An audit of `items` items and `raters` raters with gaps, three categories and N = 1,500. */
export function randomAudit(seed: number, items: number, raters: number): AuditSnapshot {
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
