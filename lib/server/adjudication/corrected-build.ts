import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inRecordBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { changeLogMarkdown, correctItems, CorrectionError, type ChangeRecord } from "../../adjudication/apply";
import { itemKey, validateDatasetStream, type FormatId, type FormatIssue, type Item } from "../../formats";
import { located } from "../../formats/issues";
import { exportLayout, itemsWriter, writtenAs } from "../../formats/export-parts";
import { validateWithDigest } from "../../formats/validate-parts";
import { eventFromRow } from "../datasets/rows";
import { revisionsDocument, type ReportRevisions } from "../../reports/revisions";
import type { CorrectedState } from "./corrected-state";
import { stateRevisions } from "./revisions";
import { CORRECTED_EXPORT_VERSION } from "./corrected-state";
import { patientsDigest } from "./corrected-digest";
import { datasetItems, segmentText, writePartFile, writePatientsPart, type StoredSegment } from "./corrected-files";

export interface CorrectedFile {
  name: string;
  type: string;
  size: number;
  segments: StoredSegment[];
}

/** A problem the importer's validation found in the corrected files, named by item where it can be. */
export interface LocatedIssue extends FormatIssue {
  item?: string;
}

export interface CorrectedManifest {
  key: string;
  builtAt: string;
  buildMs: number;
  /** The corrected data files passed the importer's validation: only then are they offered. */
  ok: boolean;
  data: CorrectedFile[];
  changeLogs: CorrectedFile[];
  changes: number;
  removed: number;
  issues: LocatedIssue[];
  totalIssues: number;
  counts?: { patients: number; items: number };
}

export type BuildPhase =
  | { phase: "records"; done: number; total: number }
  | { phase: "items" }
  | { phase: "checking"; done: number; total: number };

const typeOf = (name: string) => (name.endsWith(".csv") ? "text/csv" : name.endsWith(".md") ? "text/markdown" : "application/json");

/** The dataset's patients part, written once per dataset (a dataset never changes after import). */
async function ensurePatientsPart(
  db: Db,
  root: string,
  state: CorrectedState,
  family: string,
  patientCount: number,
  progress: (p: BuildPhase) => void,
): Promise<string> {
  const rel = path.join("datasets", state.datasetId, `v${CORRECTED_EXPORT_VERSION}`, "patients.part");
  const file = path.join(root, rel);
  if (fs.existsSync(file)) return rel;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    progress({ phase: "records", done: 0, total: patientCount });
    await writePatientsPart(db, { id: state.datasetId, family, format: writtenAs(state.format as FormatId) }, tmp, (done) =>
      progress({ phase: "records", done, total: patientCount }),
    );
    fs.renameSync(tmp, file); // atomic: a reader sees the whole part or none
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return rel;
}

/** The corrected items and their change log entries; only the patients of changed items are read. */
async function correctedItems(
  db: Db,
  state: CorrectedState,
  only?: "changed",
): Promise<{ items: Item[]; changes: ChangeRecord[]; removed: string[] }> {
  const changed = new Set(state.decisions.map((d) => d.item));
  const items = await datasetItems(db, state.datasetId, only === "changed" ? [...changed] : undefined);
  const patientIds = [...new Set(items.filter((i) => changed.has(itemKey(i))).map((i) => i.patientId))];
  const patients = await inRecordBatches(patientIds, (batch) =>
    db.patient.findMany({
      where: { datasetId: state.datasetId, externalId: { in: batch } },
      select: {
        externalId: true,
        events: {
          orderBy: { position: "asc" },
          select: { eventId: true, gaDays: true, visitId: true, type: true, name: true, text: true, data: true },
        },
        notes: { select: { noteNum: true, chartdate: true } },
      },
    }),
  );
  const byId = new Map(patients.map((p) => [p.externalId, p]));
  return correctItems(items, state.decisions, {
    events: (id) => byId.get(id)?.events.map(eventFromRow),
    notes: (id) => byId.get(id)?.notes,
    timeZone: state.timeZone,
  });
}

/** Names an issue's item: bundles by record path, JSONL by record number, questions.csv by row. */
function locate(issue: FormatIssue, itemsFile: string, items: readonly Item[]): LocatedIssue {
  const bundle = /^(?:instances|conversations)\[(\d+)\]/.exec(issue.field);
  let index: number | undefined = bundle ? Number(bundle[1]) : undefined;
  if (index === undefined && issue.file === itemsFile && issue.record !== undefined) {
    if (itemsFile.endsWith(".csv")) {
      let rows = 0;
      index = items.findIndex((i) => (rows += i.kind === "conversation" ? i.turns.length : 1) >= issue.record!);
    } else index = issue.record - 1;
  }
  const item = index !== undefined && index >= 0 ? items[index] : undefined;
  return item ? { ...issue, item: itemKey(item) } : issue;
}

function correctionIssue(state: CorrectedState, error: CorrectionError): LocatedIssue {
  const item = state.decisions.find((d) => d.item === error.at?.item)?.item;
  const field = error.at?.turn ? `turn_order=${error.at.turn}` : "(correction)";
  const issue = located({ file: "(corrections)", field }, error.said);
  return item ? { ...issue, item } : issue;
}

function changeLogTexts(
  state: CorrectedState,
  changes: ChangeRecord[],
  removed: string[],
  revisions: ReportRevisions,
): { name: string; text: string }[] {
  const log = {
    audit: state.auditName,
    dataset: state.datasetName,
    format: state.format,
    changes,
    removed,
    revisions: revisionsDocument(revisions),
  };
  return [
    { name: "changelog.json", text: JSON.stringify(log, null, 2) + "\n" },
    { name: "changelog.md", text: changeLogMarkdown(state.auditName, changes, removed, revisions) },
  ];
}

/**
 * The change logs alone, straight from the decisions and the items they touch (well under a
 * second): they need no validation, so they never wait for the data files.
 */
export async function correctedChangeLogs(
  db: Db,
  state: CorrectedState,
): Promise<{ name: string; type: string; text: string }[] | { issue: LocatedIssue }> {
  try {
    const [{ changes, removed }, revisions] = await Promise.all([correctedItems(db, state, "changed"), stateRevisions(db, state)]);
    return changeLogTexts(state, changes, removed, revisions).map((f) => ({ ...f, type: typeOf(f.name) }));
  } catch (error) {
    if (error instanceof CorrectionError) return { issue: correctionIssue(state, error) };
    throw error;
  }
}

/**
 * Builds the corrected benchmark of one state into `dir` (a fresh folder under `root`): the
 * items part and change logs, the dataset's patients part and its validated digest (once per
 * dataset), then the importer's own validation of the joined files, which reads only the items
 * part against that digest (or all of the files, when the patients part alone is refused).
 * Returns the manifest (also written to dir).
 */
export async function buildCorrected(
  db: Db,
  root: string,
  dir: string,
  state: CorrectedState,
  progress: (p: BuildPhase) => void,
): Promise<CorrectedManifest> {
  const started = performance.now();
  const dataset = await db.dataset.findUniqueOrThrow({
    where: { id: state.datasetId },
    select: { family: true, formatVersion: true, meta: true, patientCount: true },
  });
  progress({ phase: "items" });
  let corrected: Awaited<ReturnType<typeof correctedItems>>;
  try {
    corrected = await correctedItems(db, state);
  } catch (error) {
    // A decision that no longer fits its item (checked when saved; re-checked here): nothing is offered.
    if (!(error instanceof CorrectionError)) throw error;
    const manifest: CorrectedManifest = {
      key: state.key,
      builtAt: new Date().toISOString(),
      buildMs: Math.round(performance.now() - started),
      ok: false,
      data: [],
      changeLogs: [],
      changes: 0,
      removed: 0,
      issues: [correctionIssue(state, error)],
      totalIssues: 1,
    };
    fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest), { mode: 0o600 });
    return manifest;
  }
  const { items, changes, removed } = corrected;
  // Paths are those of the state's final folder (`dir` is renamed to it once built).
  const stateRel = path.join("audits", state.auditId, state.key);
  const rel = (name: string) => path.join(stateRel, name);
  const resolve = (file: string) => (path.dirname(file) === stateRel ? path.join(dir, path.basename(file)) : path.join(root, file));
  const changeLogs: CorrectedFile[] = changeLogTexts(state, changes, removed, await stateRevisions(db, state)).map(({ name, text }) => {
    fs.writeFileSync(path.join(dir, name), text, { mode: 0o600 });
    return { name, type: typeOf(name), size: Buffer.byteLength(text), segments: [{ file: rel(name) }] };
  });

  const format = writtenAs(state.format as FormatId);
  const { __extra, ...meta } = dataset.meta as Record<string, unknown>;
  const layout = exportLayout(format, {
    meta,
    ...(dataset.formatVersion ? { formatVersion: dataset.formatVersion } : {}),
    ...(__extra ? { extra: __extra as Record<string, unknown> } : {}),
  });
  const exported = format.startsWith("ehr-decision-mcq")
    ? items.filter((i) => i.kind === "mcq")
    : items.filter((i) => i.kind === "conversation");
  const itemsSize = await writePartFile(path.join(dir, "items.part"), itemsWriter(format, exported), exported);
  const patientsPart = await ensurePatientsPart(db, root, state, dataset.family, dataset.patientCount, progress);
  const patientsSize = fs.statSync(path.join(root, patientsPart)).size;
  const data: CorrectedFile[] = layout.map((f) => {
    const segments = f.segments.map(
      (s): StoredSegment => (s.kind === "text" ? { text: s.text } : { file: s.kind === "patients" ? patientsPart : rel("items.part") }),
    );
    const size = f.segments.reduce(
      (n, s) => n + (s.kind === "text" ? Buffer.byteLength(s.text) : s.kind === "patients" ? patientsSize : itemsSize),
      0,
    );
    return { name: f.name, type: typeOf(f.name), size, segments };
  });

  // The importer's own rules (what `clinaudit import` and the upload page run), over the files
  // exactly as they will be downloaded: the patients part is validated once per dataset (its
  // digest), then each state's items part against it (lib/formats/validate-parts.ts).
  const total = data.reduce((n, f) => n + f.size, 0);
  let digested = 0; // characters read to take the digest (none once it is kept)
  const digest = await patientsDigest(root, patientsPart, layout, format, state.timeZone, (done) =>
    progress({ phase: "checking", done: (digested = done), total }),
  );
  const read = new Map<string, number>();
  const options = {
    timeZone: state.timeZone,
    onProgress: (p: { file: string; chars: number }) => (
      read.set(p.file, p.chars),
      progress({ phase: "checking", done: Math.min(total, digested + [...read.values()].reduce((a, b) => a + b, 0)), total })
    ),
  };
  const validated = digest
    ? await validateWithDigest(
        layout,
        digest,
        {
          patients: () => segmentText(resolve, [{ file: patientsPart }]),
          items: () => segmentText(resolve, [{ file: rel("items.part") }]),
        },
        options,
      )
    : await validateDatasetStream(
        data.map((f) => ({ name: f.name, open: () => segmentText(resolve, f.segments) })),
        options,
      );
  const itemsFile = layout.find((f) => f.segments.some((s) => s.kind === "items"))!.name;
  const issues: LocatedIssue[] = validated.ok ? [] : validated.issues.map((i) => locate(i, itemsFile, exported));
  if (validated.ok && validated.summary.format !== format)
    issues.push(
      located({ file: itemsFile, field: "(format)" }, { code: "formats.readAs", values: { found: validated.summary.format, format } }),
    );
  const manifest: CorrectedManifest = {
    key: state.key,
    builtAt: new Date().toISOString(),
    buildMs: Math.round(performance.now() - started),
    ok: issues.length === 0,
    data,
    changeLogs,
    changes: changes.length,
    removed: removed.length,
    issues,
    totalIssues: validated.ok ? issues.length : validated.total,
    ...(validated.ok ? { counts: { patients: validated.summary.stats.patients, items: validated.summary.stats.items } } : {}),
  };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest), { mode: 0o600 });
  return manifest;
}
