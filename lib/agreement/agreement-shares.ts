/**
 * Plain, unweighted consensus shares that clinicians read directly (no chance correction):
 *   atLeastTwoAgree = share of items where some category was chosen by at least 2 of the item's raters;
 *   allAgree        = share of items where every rater who rated the item chose the same category.
 * Both are over the items with 2 or more ratings: an item rated once can neither agree nor disagree,
 * and a missing rating is not a disagreement. With 3 raters and 3 categories, 1 - atLeastTwoAgree is
 * the share of three-way splits. No item with 2+ ratings → both null with a note.
 */
import { type EngineNote, NO_PAIRS_SHARES_NOTE } from "./notes";
import { prepareRatings, type PreparedRatings } from "./ratings-matrix";
import type { RatingsMatrix } from "./types";

export interface AgreementShares {
  /** Items with 2 or more ratings (the denominator of both shares). */
  itemsConsidered: number;
  atLeastTwoAgree: number | null;
  allAgree: number | null;
  note: EngineNote | null;
}

export function agreementShares(ratings: RatingsMatrix, categoryCount: number): AgreementShares {
  return agreementSharesOf(prepareRatings(ratings, categoryCount));
}

/** The shares of a tally. */
export function agreementSharesOf(p: PreparedRatings): AgreementShares {
  let considered = 0;
  let two = 0;
  let all = 0;
  for (let i = 0; i < p.rows; i++) {
    const ri = p.ri[i] as number;
    if (ri < 2) continue;
    considered++;
    let top = 0;
    for (let k = 0; k < p.q; k++) top = Math.max(top, p.counts[i * p.q + k] as number);
    if (top >= 2) two++;
    if (top === ri) all++;
  }
  if (considered === 0) {
    return { itemsConsidered: 0, atLeastTwoAgree: null, allAgree: null, note: NO_PAIRS_SHARES_NOTE };
  }
  return { itemsConsidered: considered, atLeastTwoAgree: two / considered, allAgree: all / considered, note: null };
}
