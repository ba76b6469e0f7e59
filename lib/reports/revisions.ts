/**
 * The revision summary (lib/adjudication/revision-summary.ts) as the report exports carry it:
 * report.json's `revisions`, report.md's and changelog.md's section, revisions.csv and the
 * appendix sentence; the LaTeX table is in export-latex.ts beside the agreement table. Pure.
 */
import { revisionNoun, revisionPercent, revisionSentence, type RevisionRow, type RevisionSummary } from "../adjudication/revision-summary";
import { csvText } from "../csv";
import { plural, thousands } from "./format";
import { mdTable } from "./markdown";

export interface ReportRevisions {
  summary: RevisionSummary;
  /** Conversations call evidence their sources (the EHRNote-ChatQA wording). */
  conversations: boolean;
}

/** How a row is named in the exports ("gold answers corrected"). */
export const revisionLabel = (r: ReportRevisions, row: RevisionRow) => revisionNoun(row.kind, r.conversations);

/**
 * report.json's `revisions`: the sampled items reviewed and one row per kind of accepted
 * correction, `share` at full precision (null when nothing of the kind was reviewed).
 */
export function revisionsDocument(r: ReportRevisions) {
  return {
    items: r.summary.items,
    rows: r.summary.rows.map((row) => ({ kind: row.kind, label: revisionLabel(r, row), count: row.count, of: row.of, share: row.share })),
  };
}

/** revisions.csv: kind, label, count, of, share (full precision; empty without a denominator). */
export function revisionsCsv(r: ReportRevisions): string {
  return csvText([
    ["kind", "label", "count", "of", "share"],
    ...r.summary.rows.map((row) => [row.kind, revisionLabel(r, row), row.count, row.of, row.share]),
  ]);
}

export function revisionsSentence(r: ReportRevisions): string | null {
  return revisionSentence(r.summary, r.conversations);
}

/** The Markdown section (report.md, changelog.md): the accepted corrections per kind, over what was reviewed of that kind. */
export function revisionsMarkdown(r: ReportRevisions): string[] {
  const lines = ["", "## Revisions (accepted corrections)", ""];
  if (r.summary.rows.every((row) => row.count === 0))
    lines.push(`No correction was accepted for the ${plural(r.summary.items, "sampled item")}.`, "");
  lines.push(
    ...mdTable(
      ["revision", "count", "of", "share"],
      ["l", "r", "r", "r"],
      r.summary.rows.map((row) => [revisionLabel(r, row), String(row.count), thousands(row.of), revisionPercent(row.share)]),
    ),
  );
  return lines;
}
