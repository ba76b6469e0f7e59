/**
 * Which layout a ratings file has, and its rating rows: Label Studio's JSON export, a long CSV
 * (item, rater, category), or a wide CSV (one column per rater). A layout may be forced.
 */
import { readTable } from "./csv";
import { labelStudioRows } from "./label-studio";
import { isLongHeader, longRows, type RatingRow } from "./long";
import type { RatingsMessage } from "./messages";
import { wideRows } from "./wide";

export const LAYOUTS = ["long", "wide", "label-studio"] as const;
export type Layout = (typeof LAYOUTS)[number];

export function readRatings(
  text: string,
  file: string,
  forced: Layout | null,
): { layout: Layout; rows: RatingRow[]; notes: RatingsMessage[] } {
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
