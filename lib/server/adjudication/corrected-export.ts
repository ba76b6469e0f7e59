import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { correctedManifest, correctedRoot } from "./corrected-cache";
import type { StoredSegment } from "./corrected-files";

export const CHANGE_LOG_FILES = ["changelog.json", "changelog.md"] as const;

/**
 * Who may download a file of the corrected benchmark. Its data files are the whole dataset —
 * every patient, every record after every cutoff — so only organizers and admins get them; a
 * clinician adjudicator (who may be reviewing, blinded to the future, another audit of the same
 * dataset) gets the change log, which holds only the audit's own changes.
 */
export function mayDownloadCorrected(access: { organizer: boolean }, file: string): boolean {
  return access.organizer || (CHANGE_LOG_FILES as readonly string[]).includes(file);
}

/** The corrected benchmark's files for a dataset format (the exporters' own file names) and the change logs. */
export function correctedFileNames(format: string): string[] {
  const data =
    format === "ehr-decision-mcq-json" ? ["ehr-decision-mcq.json"]
    : format === "ehr-decision-mcq-jsonl" ? ["patients.jsonl", "instances.jsonl"]
    : format === "ehrnote-chatqa-csv" ? ["notes.csv", "questions.csv"]
    // EHRNoteQA has no writer of its own: its conversations go out as a notes-chatqa bundle.
    : ["notes-chatqa.json"];
  return [...data, ...CHANGE_LOG_FILES];
}

/**
 * What the adjudication page lists: the files and how many accepted changes and removals they
 * will carry — counted in the database, without loading or correcting the dataset itself.
 */
export async function correctedSummary(db: Db, auditId: string, access: { organizer: boolean }) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { dataset: { select: { format: true } } } });
  if (!audit) return null;
  const accepted = { auditId, decision: { in: ["ACCEPTED", "EDITED"] } };
  const [changes, removed] = await Promise.all([
    db.correctionDecision.count({ where: accepted }),
    db.correctionDecision.count({ where: { ...accepted, correction: { kind: "REMOVE" } } }),
  ]);
  return { files: correctedFileNames(audit.dataset.format).filter((f) => mayDownloadCorrected(access, f)), changes, removed };
}

/**
 * The benchmark with the audit's accepted corrections applied, in the format it was imported
 * in, plus the change log (JSON and Markdown), from the export cache (built first if need be).
 * Items outside the sample are untouched. `ok` false: the importer's validation refused the
 * corrected files, and `issues` says where (no data file is then listed).
 */
export async function correctedBenchmark(db: Db, auditId: string, root = correctedRoot()) {
  const manifest = await correctedManifest(db, auditId, root);
  if (!manifest) return null;
  const files = [...(manifest.ok ? manifest.data : []), ...manifest.changeLogs];
  return {
    ok: manifest.ok,
    issues: manifest.issues,
    files: files.map((f) => ({ name: f.name, type: f.type, size: f.size, text: () => segmentsText(root, f.segments) })),
    changes: manifest.changes,
    removed: manifest.removed,
  };
}

/** A cached file's whole text (tests and small files; downloads stream). */
function segmentsText(root: string, segments: readonly StoredSegment[]): string {
  return segments.map((s) => ("text" in s ? s.text : fs.readFileSync(path.join(root, s.file), "utf8"))).join("");
}
