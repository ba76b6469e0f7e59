import "server-only";
import type { Db } from "../../db/client";
import type { AuditSnapshot } from "../../reports/types";
import { loadAdjudications } from "../adjudication/records";
import { auditRevisions } from "../adjudication/revisions";
import { loadAuditComments } from "./audit-comments";
import type { ExportExtras } from "./export-files";

/**
 * Everything the exports need beside the ratings (adjudications, comments, the revision summary),
 * for organizers: it holds every rater's comments. `only` names one file to load just its part.
 */
export async function loadExportExtras(db: Db, snapshot: AuditSnapshot, only?: string): Promise<ExportExtras> {
  const auditId = snapshot.audit.id;
  const wants = (...files: string[]) => only === undefined || files.includes(only);
  const [adjudications, comments, revisions] = await Promise.all([
    wants("paragraph.txt", "adjudication.csv") ? loadAdjudications(db, auditId) : [],
    wants("comments.csv", "report.json", "report.md") ? loadAuditComments(db, snapshot) : [],
    wants("revisions.csv", "report.json", "report.md", "report.tex", "paragraph.txt") ? auditRevisions(db, auditId) : null,
  ]);
  return { adjudications, comments, ...(revisions ? { revisions } : {}) };
}
