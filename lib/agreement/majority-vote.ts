/**
 * Majority vote per item with an explicit tie rule. An item's label is the category with a strict
 * plurality of its ratings (more votes than every other category); otherwise (a 1–1 split between
 * two raters, a three-way split, a 2–2 split…) the item is a tie and gets `tieCategory`, which the
 * caller chooses (in ClinAudit, the rubric's "uncertain" category). With `tieCategory` null a tie's
 * label is null. An item rated once is labelled by that rating; an item nobody rated has label null
 * and is counted in `unrated`, not in `ties`.
 */
import { prepareRatings, type PreparedRatings } from "./ratings-matrix";
import type { RatingsMatrix } from "./types";

export interface MajorityVote {
  /** Per item (same order as the input rows): category index, or null (unrated, or a tie without tie category). */
  labels: (number | null)[];
  /** Per item: true when no category had a strict plurality. */
  tied: boolean[];
  /** Per category: number of items labelled with it (ties count under the tie category). */
  counts: number[];
  /** Items without a strict plurality. */
  ties: number;
  /** Items with no rating at all. */
  unrated: number;
}

export function majorityVote(ratings: RatingsMatrix, categoryCount: number, tieCategory: number | null): MajorityVote {
  checkTie(categoryCount, tieCategory);
  return majorityVoteOf(prepareRatings(ratings, categoryCount), tieCategory);
}

/** The majority vote of a tally (every row, rated or not). */
export function majorityVoteOf(p: PreparedRatings, tieCategory: number | null): MajorityVote {
  checkTie(p.q, tieCategory);
  const q = p.q;
  const counts = new Array<number>(q).fill(0);
  const labels: (number | null)[] = new Array(p.rows);
  const tied: boolean[] = new Array(p.rows);
  let ties = 0;
  let unrated = 0;
  for (let i = 0; i < p.rows; i++) {
    let top = 0;
    let leader = -1;
    let leaders = 0;
    for (let k = 0; k < q; k++) {
      const v = p.counts[i * q + k] as number;
      if (v > top) {
        top = v;
        leader = k;
        leaders = 1;
      } else if (v === top && v > 0) leaders++;
    }
    if (top === 0) {
      unrated++;
      labels[i] = null;
      tied[i] = false;
      continue;
    }
    const isTie = leaders > 1;
    const label = isTie ? tieCategory : leader;
    if (isTie) ties++;
    if (label !== null) counts[label] = (counts[label] as number) + 1;
    labels[i] = label;
    tied[i] = isTie;
  }
  return { labels, tied, counts, ties, unrated };
}

function checkTie(categoryCount: number, tieCategory: number | null): void {
  if (tieCategory !== null && !(Number.isInteger(tieCategory) && tieCategory >= 0 && tieCategory < categoryCount)) {
    throw new RangeError(`tieCategory ${tieCategory} is not a category index in 0..${categoryCount - 1}`);
  }
}
