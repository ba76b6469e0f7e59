import "server-only";
import type { Db } from "../../db/client";
import { APPLY_ORDER, changeLogMarkdown, correctDataset, type AppliedChange } from "../../adjudication/apply";
import { exportChatQaCsv, exportedText, exportEhrJsonBundle, exportEhrJsonl, exportNotesJsonBundle, type ExportedFile } from "../../formats";
import { loadDataset } from "../datasets/load-dataset";

const MARKDOWN = "text/markdown";
const typeOf = (name: string) => (name.endsWith(".csv") ? "text/csv" : name.endsWith(".md") ? MARKDOWN : "application/json");

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
    // FHIR R4 records have no FHIR writer for corrections: they go out in the decision-point JSONL layout.
    : format === "ehr-decision-mcq-jsonl" || format === "fhir-r4" ? ["patients.jsonl", "instances.jsonl"]
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
 * in, plus the change log (JSON and Markdown). Items outside the sample are untouched.
 */
export async function correctedBenchmark(db: Db, auditId: string) {
  const audit = await db.audit.findUnique({ where: { id: auditId }, select: { name: true, datasetId: true } });
  if (!audit) return null;
  const dataset = await loadDataset(db, audit.datasetId);
  if (!dataset) return null;
  const decisions = await db.correctionDecision.findMany({
    where: { auditId, decision: { in: ["ACCEPTED", "EDITED"] } },
    select: {
      decision: true, applied: true, rationale: true, adjudicatorId: true,
      correction: { select: { kind: true, turnOrder: true, rationale: true, assignment: { select: { user: { select: { name: true } }, auditItem: { select: { sampleOrder: true, item: { select: { externalId: true } } } } } } } },
    },
  });
  const people = new Map((await db.user.findMany({ where: { id: { in: decisions.map((d) => d.adjudicatorId) } }, select: { id: true, name: true } })).map((u) => [u.id, u.name]));
  // Per item in APPLY_ORDER (as checked when the adjudication was saved). The applied JSON carries
  // the turn (conversations), so each change lands on its turn.
  decisions.sort(
    (a, b) =>
      a.correction.assignment.auditItem.sampleOrder - b.correction.assignment.auditItem.sampleOrder ||
      APPLY_ORDER.indexOf(a.correction.kind) - APPLY_ORDER.indexOf(b.correction.kind) ||
      a.correction.turnOrder - b.correction.turnOrder,
  );
  const { dataset: corrected, changes, removed } = correctDataset(
    dataset,
    decisions.map((d) => ({
      item: d.correction.assignment.auditItem.item.externalId,
      change: d.applied as unknown as AppliedChange,
      proposedBy: d.correction.assignment.user.name,
      decidedBy: people.get(d.adjudicatorId) ?? "unknown",
      decision: d.decision as "ACCEPTED" | "EDITED",
      rationale: d.rationale,
      proposalRationale: d.correction.rationale,
    })),
  );
  const files: ExportedFile[] =
    corrected.format === "ehr-decision-mcq-json" ? [exportEhrJsonBundle(corrected)]
    : corrected.format === "ehr-decision-mcq-jsonl" || corrected.format === "fhir-r4" ? exportEhrJsonl(corrected)
    : corrected.format === "ehrnote-chatqa-csv" ? exportChatQaCsv(corrected)
    : [exportNotesJsonBundle(corrected)];
  const log = { audit: audit.name, dataset: dataset.meta.name ?? null, format: corrected.format, changes, removed };
  return {
    files: [
      ...files.map((f) => ({ name: f.name, type: typeOf(f.name), text: () => exportedText(f) })),
      { name: "changelog.json", type: typeOf("changelog.json"), text: () => JSON.stringify(log, null, 2) + "\n" },
      { name: "changelog.md", type: typeOf("changelog.md"), text: () => changeLogMarkdown(audit.name, changes, removed) },
    ],
    changes: changes.length,
    removed: removed.length,
  };
}
