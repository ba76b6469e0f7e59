/**
 * Long-format ratings (one row per item × rater) to the items × raters matrix the statistics take.
 * Items and raters keep their order of first appearance so the same rows always give the same
 * report. Unknown categories and a second rating of the same item by the same rater are errors:
 * silently dropping or overwriting a clinician's rating would change the statistics unseen.
 */
import { tallyCodes, type PreparedRatings } from "./ratings-matrix";
import type { Rating } from "./types";

export interface LongRating {
  item: string;
  rater: string;
  /** Category label; must be one of the declared categories. */
  category: string;
}

export interface RatingsTable {
  items: string[];
  raters: string[];
  /** matrix[i][g]: category index given to items[i] by raters[g], or null. */
  matrix: Rating[][];
}

export function toRatingsTable(rows: readonly LongRating[], categories: readonly string[]): RatingsTable {
  const categoryIndex = new Map(categories.map((c, k) => [c, k] as const));
  if (categoryIndex.size !== categories.length) throw new RangeError("declared categories must be distinct");
  const itemIndex = new Map<string, number>();
  const raterIndex = new Map<string, number>();
  for (const row of rows) {
    if (!itemIndex.has(row.item)) itemIndex.set(row.item, itemIndex.size);
    if (!raterIndex.has(row.rater)) raterIndex.set(row.rater, raterIndex.size);
  }
  const matrix: Rating[][] = [...itemIndex.keys()].map(() => new Array<Rating>(raterIndex.size).fill(null));
  for (const row of rows) {
    const k = categoryIndex.get(row.category);
    if (k === undefined) throw new RangeError(`category "${row.category}" is not declared (${categories.join(", ")})`);
    const line = matrix[itemIndex.get(row.item) ?? -1];
    const g = raterIndex.get(row.rater) ?? -1;
    if (!line) continue;
    if (line[g] !== null) throw new RangeError(`item "${row.item}" is rated twice by rater "${row.rater}"`);
    line[g] = k;
  }
  return { items: [...itemIndex.keys()], raters: [...raterIndex.keys()], matrix };
}

/**
 * The same reading straight into the typed tally the report's statistics share: items and
 * raters in order of first appearance, codes (-1 = not rated) and counts per item × category.
 */
export function tallyLong(
  rows: readonly LongRating[],
  categories: readonly string[],
): { items: string[]; raters: string[]; tally: PreparedRatings } {
  const categoryIndex = new Map(categories.map((c, k) => [c, k] as const));
  if (categoryIndex.size !== categories.length) throw new RangeError("declared categories must be distinct");
  const itemIndex = new Map<string, number>();
  const raterIndex = new Map<string, number>();
  const itemOf = new Int32Array(rows.length);
  const raterOf = new Int32Array(rows.length);
  const categoryOf = new Int32Array(rows.length);
  // Rows usually come item by item: the previous row's item is checked before the map.
  let lastItem: string | null = null;
  let i = -1;
  for (let j = 0; j < rows.length; j++) {
    const row = rows[j] as LongRating;
    if (row.item !== lastItem) {
      lastItem = row.item;
      const known = itemIndex.get(lastItem);
      if (known === undefined) itemIndex.set(lastItem, (i = itemIndex.size));
      else i = known;
    }
    let g = raterIndex.get(row.rater);
    if (g === undefined) raterIndex.set(row.rater, (g = raterIndex.size));
    const k = categoryIndex.get(row.category);
    if (k === undefined) throw new RangeError(`category "${row.category}" is not declared (${categories.join(", ")})`);
    itemOf[j] = i;
    raterOf[j] = g;
    categoryOf[j] = k;
  }
  const r = raterIndex.size;
  const codes = new Int32Array(itemIndex.size * r).fill(-1);
  for (let j = 0; j < rows.length; j++) {
    const cell = (itemOf[j] as number) * r + (raterOf[j] as number);
    if (codes[cell] !== -1) {
      const row = rows[j] as LongRating;
      throw new RangeError(`item "${row.item}" is rated twice by rater "${row.rater}"`);
    }
    codes[cell] = categoryOf[j] as number;
  }
  return { items: [...itemIndex.keys()], raters: [...raterIndex.keys()], tally: tallyCodes(codes, itemIndex.size, r, categories.length) };
}
