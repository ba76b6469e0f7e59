/**
 * An audit whose Dawid–Skene fit does not converge: 100 items × 3 raters on the gold dimension, in
 * which raters 1 and 2 mirror each other (each pattern of ratings occurs as often as the one with
 * their two ratings swapped). The likelihood has two maxima of equal height, one where rater 1 is
 * the accurate one and one where rater 2 is, with a saddle between them on which the EM starts; it
 * leaves the saddle only as rounding breaks the tie, and is still moving at the 10,000-iteration cap.
 * Where it stands then depends on the order of its sums, so another program's refit lands elsewhere
 * (an end-to-end package once differed from numpy's refit by 0.999 in a confusion entry).
 * The counts are those of the audit that showed it; the items are shuffled (seeded), as a sample is.
 */
import { createPrng } from "../../sampling/prng";
import type { AuditSnapshot } from "../types";
import { smallAudit } from "./small-audit";

// [rater 1, rater 2, rater 3] → items; c = correct, i = incorrect.
const PATTERNS: [string, number][] = [
  ["iii", 1],
  ["iic", 2],
  ["ici", 4],
  ["icc", 16],
  ["cii", 4],
  ["cic", 16],
  ["cci", 13],
  ["ccc", 44],
];
const CATEGORY: Record<string, string> = { c: "correct", i: "incorrect" };

export function mirroredAudit(): AuditSnapshot {
  const base = smallAudit();
  const raters = ["u1", "u2", "u3"];
  const patterns = PATTERNS.flatMap(([pattern, count]) => Array<string>(count).fill(pattern));
  const rng = createPrng(7, "mirrored-audit");
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
