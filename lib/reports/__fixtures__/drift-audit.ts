/**
 * A synthetic audit with rating times: `items` items rated one after another (a minute apart) by
 * three raters in the same order, each rater giving the item's true category 95 % of the time.
 * With `flipShare`, the third rater answers a different category on that share of the items in
 * the second half of the audit (drift). Seeded on the frozen PRNG, so the same arguments give the
 * same snapshot.
 */
import { createPrng } from "../../sampling/prng";
import type { AuditSnapshot } from "../types";
import { smallAudit } from "./small-audit";

const CATEGORIES = ["correct", "incorrect", "uncertain"];
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

export function driftAudit(options: { items?: number; flipShare?: number; seed?: number } = {}): AuditSnapshot {
  const { items = 600, flipShare = 0, seed = 33 } = options;
  const rng = createPrng(seed, "drift-audit");
  const base = smallAudit();
  const raters = ["u1", "u2", "u3"];
  const ratings: AuditSnapshot["ratings"] = [];
  const work: NonNullable<AuditSnapshot["work"]> = [];
  for (let i = 0; i < items; i++) {
    const truth = rng.nextFloat() < 0.7 ? 0 : rng.nextFloat() < 0.6 ? 1 : 2;
    raters.forEach((raterId, g) => {
      let k = rng.nextFloat() < 0.95 ? truth : (truth + 1 + Math.floor(rng.nextFloat() * 2)) % 3;
      if (g === 2 && i >= items / 2 && rng.nextFloat() < flipShare) k = (k + 1 + Math.floor(rng.nextFloat() * 2)) % 3;
      const at = new Date(START + i * 60_000 + g * 1000).toISOString();
      ratings.push({ itemId: `i${i}`, raterId, dimension: "gold", category: CATEGORIES[k]!, at });
      work.push({ itemId: `i${i}`, raterId, activeMs: 60_000 + g * 1000 + (i % 7) * 500, flagged: false, rated: true, position: i + 1 });
    });
  }
  return {
    ...base,
    audit: { ...base.audit, sampleSize: items, populationSize: 1500 },
    rubric: [base.rubric[0]!],
    raters: raters.map((id, g) => ({ id, label: `R${g + 1}` })),
    items: Array.from({ length: items }, (_, i) => ({
      id: `i${i}`,
      externalId: `q${String(i).padStart(4, "0")}`,
      chapter: null,
      level: null,
      decisionPoint: null,
      sampleOrder: i + 1,
    })),
    ratings,
    work,
  };
}
