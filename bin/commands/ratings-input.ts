/**
 * Which layout a ratings file has, and its rating rows: Label Studio's JSON export, a long CSV
 * (item, rater, category), or a wide CSV (one column per rater). `--layout` forces one.
 */
import type { Layout } from "./agreement-args";
import { isLongHeader, longRows, type RatingRow, readTable } from "./csv-ratings";
import { labelStudioRows } from "./ratings-label-studio";
import { wideRows } from "./ratings-wide";

export const LAYOUT_NAMES: Record<Layout, string> = {
  long: "long CSV (one row per rating)",
  wide: "wide CSV (one column per rater)",
  "label-studio": "Label Studio JSON export",
};

export function readRatings(text: string, file: string, forced: Layout | null): { layout: Layout; rows: RatingRow[]; notes: string[] } {
  const json = /^\uFEFF?\s*[[{]/.test(text);
  if (forced === "label-studio" || (forced === null && json)) return { layout: "label-studio", ...labelStudioRows(text) };
  const table = readTable(text);
  const header = table.records[0];
  const layout = forced ?? (header === undefined || isLongHeader(header.fields) ? "long" : "wide");
  if (layout === "long") {
    const { rows, notes } = longRows(table);
    return { layout, rows, notes };
  }
  return { layout, ...wideRows(table, file) };
}
