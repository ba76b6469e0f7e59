// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
/**
 * Majority vote per item with an explicit tie rule. An item's label is the category with a strict
 * plurality of its ratings (more votes than every other category); otherwise (a 1–1 split between
 * two raters, a three-way split, a 2–2 split…) the item is a tie and gets `tieCategory`, which the
 * caller chooses (in ClinAudit, the rubric's "uncertain" category). With `tieCategory` null a tie's
 * label is null. An item rated once is labelled by that rating; an item nobody rated has label null
 * and is counted in `unrated`, not in `ties`.
 */
import type { RatingsMatrix } from "../../types";

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
  if (tieCategory !== null && !(Number.isInteger(tieCategory) && tieCategory >= 0 && tieCategory < categoryCount)) {
    throw new RangeError(`tieCategory ${tieCategory} is not a category index in 0..${categoryCount - 1}`);
  }
  const counts = new Array<number>(categoryCount).fill(0);
  const labels: (number | null)[] = [];
  const tied: boolean[] = [];
  let ties = 0;
  let unrated = 0;
  ratings.forEach((row, i) => {
    const votes = new Array<number>(categoryCount).fill(0);
    for (const x of row) {
      if (x === null) continue;
      if (!Number.isInteger(x) || x < 0 || x >= categoryCount) {
        throw new RangeError(`item ${i}: rating ${x} is not a category index in 0..${categoryCount - 1}`);
      }
      votes[x] = (votes[x] ?? 0) + 1;
    }
    const top = Math.max(...votes);
    if (top === 0) {
      unrated++;
      labels.push(null);
      tied.push(false);
      return;
    }
    const leaders = votes.flatMap((v, k) => (v === top ? [k] : []));
    const isTie = leaders.length > 1;
    const label = isTie ? tieCategory : (leaders[0] ?? null);
    if (isTie) ties++;
    if (label !== null) counts[label] = (counts[label] ?? 0) + 1;
    labels.push(label);
    tied.push(isTie);
  });
  return { labels, tied, counts, ties, unrated };
}
