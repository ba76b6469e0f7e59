import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { correctedChangeLogs, type LocatedIssue } from "./corrected-build";
import { correctedManifest, correctedRoot, correctedStatus } from "./corrected-cache";
import { segmentStream, type StoredSegment } from "./corrected-files";
import { correctedState, type CorrectedState } from "./corrected-state";

/** Located problems shown at most (the total is given beside them). */
const MAX_ISSUES = 50;

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
    format === "ehr-decision-mcq-json"
      ? ["ehr-decision-mcq.json"]
      : // FHIR R4 records have no FHIR writer for corrections: they go out in the decision-point JSONL layout.
        format === "ehr-decision-mcq-jsonl" || format === "fhir-r4"
        ? ["patients.jsonl", "instances.jsonl"]
        : format === "ehrnote-chatqa-csv"
          ? ["notes.csv", "questions.csv"]
          : // EHRNoteQA has no writer of its own: its conversations go out as a notes-chatqa bundle.
            ["notes-chatqa.json"];
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

export type CorrectedDownload =
  | { status: "ok"; type: string; size: number; body: ReadableStream<Uint8Array> | string }
  | { status: "invalid"; issues: LocatedIssue[]; total: number }
  | { status: "not-found" };

/**
 * One file of the corrected benchmark. A change log is made straight from the decisions (it
 * never waits for the data files); a data file streams from the export cache, built first if it
 * is not (then the first byte waits for the build), and only once the importer's checks passed.
 */
export async function correctedDownload(db: Db, auditId: string, file: string, root = correctedRoot()): Promise<CorrectedDownload> {
  if ((CHANGE_LOG_FILES as readonly string[]).includes(file)) {
    const state = await correctedState(db, auditId);
    if (!state) return { status: "not-found" };
    const logs = await correctedChangeLogs(db, state);
    if ("issue" in logs) return { status: "invalid", issues: [logs.issue], total: 1 };
    const log = logs.find((f) => f.name === file)!;
    return { status: "ok", type: log.type, size: Buffer.byteLength(log.text), body: log.text };
  }
  const manifest = await correctedManifest(db, auditId, root);
  if (!manifest) return { status: "not-found" };
  if (!manifest.ok) return { status: "invalid", issues: manifest.issues.slice(0, MAX_ISSUES), total: manifest.totalIssues };
  const entry = manifest.data.find((f) => f.name === file);
  if (!entry) return { status: "not-found" };
  return { status: "ok", type: entry.type, size: entry.size, body: await segmentStream(root, entry.segments) };
}

export interface CorrectedOverview {
  state: "building" | "ready" | "invalid" | "failed";
  progress?: { phase: string; done?: number; total?: number };
  /** What the viewer may download, with sizes once built. */
  files: { name: string; size?: number }[];
  changes: number;
  removed: number;
  issues: LocatedIssue[];
  totalIssues: number;
  counts?: { patients: number; items: number };
  buildMs?: number;
}

/**
 * What the adjudication page shows of the corrected benchmark. For organizers it starts the build
 * of the current state when it is not built; a clinician adjudicator (change logs only) never
 * makes the server build the whole dataset.
 */
export async function correctedOverview(
  db: Db,
  auditId: string,
  access: { organizer: boolean },
  /** `state`: the audit's correctedState when the caller reads it too (one read per request). */
  options: { retry?: boolean; root?: string; state?: Promise<CorrectedState | null> } = {},
): Promise<CorrectedOverview | null> {
  const summary = await correctedSummary(db, auditId, access);
  if (!summary) return null;
  const base = {
    files: summary.files.map((name) => ({ name })),
    changes: summary.changes,
    removed: summary.removed,
    issues: [],
    totalIssues: 0,
  };
  if (!access.organizer) return { ...base, state: "ready" };
  const status = await correctedStatus(db, auditId, options);
  if (!status) return null;
  if (status.state === "building") return { ...base, state: "building", progress: status.progress };
  if (status.state === "failed") return { ...base, state: "failed" };
  const m = status.manifest;
  const sizes = new Map([...m.data, ...m.changeLogs].map((f) => [f.name, f.size]));
  return {
    ...base,
    state: status.state,
    files: summary.files.map((name) => ({ name, ...(sizes.has(name) ? { size: sizes.get(name)! } : {}) })),
    changes: m.changes,
    removed: m.removed,
    issues: m.issues.slice(0, MAX_ISSUES),
    totalIssues: m.totalIssues,
    ...(m.counts ? { counts: m.counts } : {}),
    buildMs: m.buildMs,
  };
}
