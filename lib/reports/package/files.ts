/**
 * The files of an audit's reproducibility package, in their fixed order: the data (ratings long
 * and wide, comments, final labels, time on task, rating times, revisions, and the calibration
 * answers when the audit has a calibration round; each sampled item's stratum for a model-guided
 * sample), `audit.json`, the report in every format with
 * the appendix paragraph, the two scripts that recompute it, a README, and `SHA256SUMS` over all
 * of them (`sha256sum -c SHA256SUMS`). Pure: the caller supplies the rendered exports and scripts.
 */
import { createHash } from "node:crypto";
import { strictJson } from "../export-json";
import type { AuditReport, AuditSnapshot } from "../types";
import { auditMetadata, type PackageFacts } from "./audit-metadata";
import { MODEL_STRATA_FILE, modelStrataCsv } from "./model-strata";
import { packageReadme } from "./readme";
import { isStoredFile, type PackageContent, type PackageEntry } from "./zip";

export interface PackageInput<Content extends PackageContent = string> {
  snapshot: AuditSnapshot;
  report: AuditReport;
  facts: PackageFacts;
  /**
   * The audit's export files by name (lib/server/reports/export-files.ts renders them), as text or
   * as the bytes of a download already written (its UTF-8), in memory or on disk.
   */
  render: (file: string) => Content | null;
  scripts: { python: string; r: string };
}

/** The exports the package carries, in this order; wide CSVs follow the long one, per dimension. */
export function packageExports(snapshot: AuditSnapshot): string[] {
  return [...dataFiles(snapshot), ...REPORT_FILES];
}

function dataFiles(snapshot: AuditSnapshot): string[] {
  return [
    "ratings-long.csv",
    ...snapshot.rubric.map((d) => `ratings-wide-${d.key}.csv`),
    "majority-labels.csv",
    "adjudication.csv",
    "comments.csv",
    "time-on-task.csv",
    "latent-class.csv",
    "latent-class-replicates.csv",
    "rating-times.csv",
    "revisions.csv",
    // Only with a calibration round: the scripts recompute report.json's `calibration` from it.
    ...(snapshot.calibration ? ["calibration.csv"] : []),
  ];
}

const REPORT_FILES = ["report.json", "report.md", "report.tex", "paragraph.txt"];

export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A file's SHA-256: a file on disk carries the one taken as it was written. */
function contentSha256(content: PackageContent): string {
  return isStoredFile(content) ? content.sha256 : sha256(content);
}

export function packageEntries<Content extends PackageContent = string>(input: PackageInput<Content>): PackageEntry<Content>[] {
  const rendered: PackageEntry<Content>[] = packageExports(input.snapshot).map((name) => {
    const content = input.render(name);
    if (content === null) throw new Error(`reproducibility package: the export ${name} could not be rendered`);
    return { name, content };
  });
  // A model-guided sample: each sampled item's stratum, after the data files (the design is in audit.json).
  const strata = modelStrataCsv(input.snapshot);
  if (strata !== null) rendered.splice(dataFiles(input.snapshot).length, 0, { name: MODEL_STRATA_FILE, content: strata });
  const names = ["README.md", "audit.json", ...rendered.map((f) => f.name), "reproduce.py", "reproduce.R", "SHA256SUMS"];
  const entries: PackageEntry<Content>[] = [
    { name: "README.md", content: packageReadme(input.snapshot, names) },
    { name: "audit.json", content: strictJson(auditMetadata(input.snapshot, input.report, input.facts, names)) },
    ...rendered,
    { name: "reproduce.py", content: input.scripts.python },
    { name: "reproduce.R", content: input.scripts.r },
  ];
  // sha256sum's format: "<hex>  <name>", one per line, for every file but itself.
  entries.push({ name: "SHA256SUMS", content: entries.map((e) => `${contentSha256(e.content)}  ${e.name}\n`).join("") });
  return entries;
}
