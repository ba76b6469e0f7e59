/**
 * Raters' comments as results: the rows the dashboard lists and `comments.csv` holds. Items are
 * external ids and raters labels (R1…Rn, as in every export); names and e-mails never appear.
 * `comments.csv`: `item,rater,saved_at,<one column per dimension: the rater's own rating>,comment`,
 * in sample order then rater label, through the project's one CSV writer (lib/csv: RFC 4180,
 * "\n" line endings, formula-leading text neutralised). Pure.
 */
import { csvText, type CsvValue } from "../csv";

export interface CommentRow {
  itemId: string;
  externalId: string;
  sampleOrder: number;
  rater: string;
  text: string;
  /** When the comment was last saved (ISO 8601), null when the trail has no record of it. */
  savedAt: string | null;
  /** The commenting rater's own rating per dimension key (null where unrated). */
  ratings: Record<string, string | null>;
}

const raterNumber = (label: string) => Number(label.replace(/^\D+/, "")) || 0;

export function sortComments(rows: readonly CommentRow[]): CommentRow[] {
  return [...rows].sort((a, b) => a.sampleOrder - b.sampleOrder || raterNumber(a.rater) - raterNumber(b.rater));
}

export function commentsCsv(rows: readonly CommentRow[], dimensions: readonly string[]): string {
  const lines: CsvValue[][] = [["item", "rater", "saved_at", ...dimensions, "comment"]];
  for (const r of sortComments(rows))
    lines.push([r.externalId, r.rater, r.savedAt ?? "", ...dimensions.map((d) => r.ratings[d] ?? ""), r.text]);
  return csvText(lines);
}
