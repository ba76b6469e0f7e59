/**
 * Two audits whose Dawid–Skene fits the ratings do not determine (docs/latent-class.md), each built
 * from counts of rating patterns with the items shuffled (seeded), as a sample is.
 *
 * `mirroredAudit`: 100 items × 3 raters on the gold dimension, in which raters 1 and 2 mirror each
 * other (each pattern of ratings occurs as often as the one with their two ratings swapped). The
 * likelihood has two maxima of equal height, one where rater 1 is the accurate one and one where
 * rater 2 is, with a saddle between them on which the EM starts; it leaves the saddle only as rounding
 * breaks the tie (after ~25,000 iterations here), and which maximum it reaches depends on the order of
 * its sums: an end-to-end package once differed from numpy's refit by 0.999 in a confusion entry.
 * The fit converges, and sets the two raters apart: it is flagged `mirrored`. The counts are those
 * of the audit that showed it.
 *
 * `unconvergedAudit`: 30 items × 3 raters whose fit is still moving at the 1,000,000-iteration cap
 * (a class's share drifting towards a boundary, ever more slowly); found among simulated audits of
 * raters 90 % accurate. Its fit takes ~0.5 s.
 */
import { createPrng } from "../../sampling/prng";
import type { AuditSnapshot } from "../types";
import { smallAudit } from "./small-audit";

// [rater 1, rater 2, rater 3] → items; c = correct, i = incorrect.
const MIRRORED: [string, number][] = [
  ["iii", 1],
  ["iic", 2],
  ["ici", 4],
  ["icc", 16],
  ["cii", 4],
  ["cic", 16],
  ["cci", 13],
  ["ccc", 44],
];
const UNCONVERGED: [string, number][] = [
  ["ccc", 21],
  ["cci", 2],
  ["cic", 1],
  ["icc", 1],
  ["ici", 1],
  ["iic", 2],
  ["iii", 2],
];
const CATEGORY: Record<string, string> = { c: "correct", i: "incorrect" };

export const mirroredAudit = (): AuditSnapshot => patternAudit(MIRRORED, "mirrored-audit");
export const unconvergedAudit = (): AuditSnapshot => patternAudit(UNCONVERGED, "unconverged-audit");

function patternAudit(counts: [string, number][], stream: string): AuditSnapshot {
  const base = smallAudit();
  const raters = ["u1", "u2", "u3"];
  const patterns = counts.flatMap(([pattern, count]) => Array<string>(count).fill(pattern));
  const rng = createPrng(7, stream);
  for (let j = patterns.length - 1; j > 0; j--) {
    const k = rng.nextInt(j + 1);
    [patterns[j], patterns[k]] = [patterns[k]!, patterns[j]!];
  }
  const ratings: AuditSnapshot["ratings"] = [];
  const items: AuditSnapshot["items"] = patterns.map((pattern, n) => {
    raters.forEach((raterId, g) => ratings.push({ itemId: `i${n}`, raterId, dimension: "gold", category: CATEGORY[pattern[g]!]! }));
    return { id: `i${n}`, externalId: `q${n}`, chapter: null, level: null, decisionPoint: null, sampleOrder: n + 1 };
  });
  return {
    ...base,
    audit: { ...base.audit, sampleSize: items.length },
    rubric: [base.rubric[0]!],
    raters: raters.map((id, g) => ({ id, label: `R${g + 1}` })),
    items,
    ratings,
  };
}
