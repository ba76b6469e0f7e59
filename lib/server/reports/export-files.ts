// The audit's export files, each a pure function of the stored-ratings snapshot.
import { adjudicatedOutcome, type AdjudicatedOutcome, type AdjudicationRecord } from "../../adjudication/outcome";
import { shownItems } from "../../reports/shown";
import { csvText, type CsvValue } from "../../csv";
import {
  calibrationCsv,
  computeAuditReport,
  latentClassCsv,
  latentReplicatesCsv,
  majorityLabelsCsv,
  paragraph,
  ratingsLongCsv,
  ratingsWideCsv,
  reportJson,
  reportLatex,
  reportMarkdown,
  ratingTimesCsv,
  raterQualityCsv,
  timeOnTaskCsv,
} from "../../reports";
import { commentsCsv, type CommentRow } from "../../reports/comments";
import { reportFeedback } from "../../reports/feedback";
import { revisionsCsv, type ReportRevisions } from "../../reports/revisions";
import { rScript, spssSyntax, STATS_FILES, stataDo, statsCodebookCsv, statsDataCsv } from "../../reports/stats-export";
import type { AuditReport, AuditSnapshot, ShownReport } from "../../reports/types";

export interface ExportFile {
  file: string;
  label: string;
  type: string;
}

const CSV = "text/csv; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";

/** Every file an organizer can download for the audit (wide CSVs: one per dimension). */
export function exportCatalog(snapshot: Pick<AuditSnapshot, "rubric">): ExportFile[] {
  return [
    { file: "ratings-long.csv", label: "Raw ratings, long (item, rater, category)", type: CSV },
    ...snapshot.rubric.map((d) => ({ file: `ratings-wide-${d.key}.csv`, label: `Raw ratings, wide: ${d.label} (irrCAC)`, type: CSV })),
    // For SPSS, Stata and R users, as REDCap gives them: coded data, codebook, labelling syntax.
    { file: STATS_FILES.data, label: "Ratings for SPSS, Stata and R (coded CSV)", type: CSV },
    { file: STATS_FILES.codebook, label: "Codebook (variables, codes and labels)", type: CSV },
    { file: STATS_FILES.spss, label: "SPSS syntax (.sps)", type: TEXT },
    { file: STATS_FILES.stata, label: "Stata do-file (.do)", type: TEXT },
    { file: STATS_FILES.r, label: "R script (.R)", type: TEXT },
    { file: "majority-labels.csv", label: "Majority labels", type: CSV },
    { file: "latent-class.csv", label: "Latent-class posteriors (Dawid-Skene) beside the majority", type: CSV },
    { file: "latent-class-replicates.csv", label: "Latent-class error rate: the bootstrap replicates (dimension, replicate)", type: CSV },
    { file: "report.json", label: "Report (JSON)", type: "application/json; charset=utf-8" },
    { file: "report.md", label: "Report (Markdown)", type: "text/markdown; charset=utf-8" },
    { file: "report.tex", label: "Table (LaTeX)", type: "application/x-tex; charset=utf-8" },
    { file: "paragraph.txt", label: "Audit paragraph for the appendix", type: "text/plain; charset=utf-8" },
    { file: "adjudication.csv", label: "Adjudicated labels (majority vs final)", type: CSV },
    { file: "time-on-task.csv", label: "Time on task and discussion flags (item, rater)", type: CSV },
    { file: "rating-times.csv", label: "Rating times and queue positions (agreement over time)", type: CSV },
    { file: "rater-quality.csv", label: "Each rater's quality with bootstrap intervals (dimension, rater)", type: CSV },
    { file: "calibration.csv", label: "Calibration answers beside the key (round, rater, practice item, question)", type: CSV },
    { file: "comments.csv", label: "Comments (item, rater, their ratings, text)", type: CSV },
    { file: "revisions.csv", label: "Revision summary (accepted corrections per kind)", type: CSV },
  ];
}

/** What the exports need beside the ratings snapshot (lib/server/reports/export-extras.ts loads it). */
export interface ExportExtras {
  adjudications?: (AdjudicationRecord & { rationale: string })[];
  comments?: readonly CommentRow[];
  /** The accepted corrections per kind; without it the reports leave the revision summary out. */
  revisions?: ReportRevisions;
}

/** A file-name-safe form of the audit's name for downloads ("Gold audit 2" → "gold-audit-2"). */
export function auditSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "audit"
  );
}

/** Majority against final label for every rated item and dimension, with the adjudicator's reason. */
function adjudicationCsv(report: AuditReport, records: (AdjudicationRecord & { rationale: string })[]): string {
  const byItem = new Map(records.map((r) => [r.itemId, r]));
  const rows: CsvValue[][] = [["dimension", "item", "majority", "final", "adjudicated", "removed", "rationale"]];
  for (const d of report.dimensions) {
    for (const item of d.items) {
      if (item.majority === null) continue;
      const r = byItem.get(item.itemId);
      rows.push([
        d.key,
        item.externalId,
        item.majority,
        r?.finalLabels[d.key] ?? item.majority,
        r !== undefined,
        r?.removeItem ?? false,
        r?.rationale ?? "",
      ]);
    }
  }
  return csvText(rows);
}

/** One export file; `computed` is the snapshot's report when the caller has it (kept-report.ts). */
export function renderExport(snapshot: AuditSnapshot, file: string, extras: ExportExtras = {}, computed?: AuditReport): string | null {
  const { adjudications = [], comments = [], revisions } = extras;
  if (file === "ratings-long.csv") return ratingsLongCsv(snapshot);
  if (file === "time-on-task.csv") return timeOnTaskCsv(snapshot);
  if (file === "rating-times.csv") return ratingTimesCsv(snapshot);
  if (file === "calibration.csv") return calibrationCsv(snapshot);
  if (file === "comments.csv")
    return commentsCsv(
      comments,
      snapshot.rubric.map((d) => d.key),
    );
  if (file === "revisions.csv") return revisions ? revisionsCsv(revisions) : null;
  // The syntax files read the data CSV under the name it downloads as.
  const data = `${auditSlug(snapshot.audit.name)}-${STATS_FILES.data}`;
  if (file === STATS_FILES.data) return statsDataCsv(snapshot);
  if (file === STATS_FILES.codebook) return statsCodebookCsv(snapshot);
  if (file === STATS_FILES.spss) return spssSyntax(snapshot, data);
  if (file === STATS_FILES.stata) return stataDo(snapshot, data);
  if (file === STATS_FILES.r) return rScript(snapshot, data);
  // Per-turn dimensions have keys like "gold@t3".
  const wide = /^ratings-wide-([a-z0-9_]+(?:@t[0-9]+)?)\.csv$/.exec(file);
  if (wide) return snapshot.rubric.some((d) => d.key === wide[1]) ? ratingsWideCsv(snapshot, wide[1]!) : null;
  const report = computed ?? computeAuditReport(snapshot);
  switch (file) {
    case "majority-labels.csv":
      return majorityLabelsCsv(report);
    case "latent-class.csv":
      return latentClassCsv(report);
    case "latent-class-replicates.csv":
      return latentReplicatesCsv(snapshot, report);
    case "report.json":
      return reportJson(report, reportFeedback(snapshot, comments), revisions);
    case "report.md":
      return reportMarkdown(report, reportFeedback(snapshot, comments), revisions);
    case "report.tex":
      return reportLatex(report, revisions ? { revisions } : {});
    case "paragraph.txt":
      return (
        auditParagraph(report, {
          outcome: adjudications.length > 0 ? adjudicatedOutcome(report, shownItems(report), [...adjudications]) : null,
          revisions,
        }) + "\n"
      );
    case "adjudication.csv":
      return adjudicationCsv(report, adjudications);
    case "rater-quality.csv":
      return raterQualityCsv(report);
    default:
      return null;
  }
}

/**
 * The appendix paragraph, with the adjudication sentence once anything was adjudicated and the
 * revision sentence once a correction was accepted.
 */
export function auditParagraph(
  report: ShownReport,
  extras: {
    /** The adjudicated outcome (adjudicatedOutcome); null or absent: none adjudicated. */
    outcome?: AdjudicatedOutcome | null;
    revisions?: ReportRevisions;
  } = {},
): string {
  const { outcome } = extras;
  return paragraph(report, {
    ...(outcome ? { adjudication: { items: outcome.adjudicated, changedLabels: outcome.changedLabels, removed: outcome.removed } } : {}),
    ...(extras.revisions ? { revisions: extras.revisions } : {}),
  });
}
