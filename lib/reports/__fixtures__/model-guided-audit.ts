/**
 * A model-guided audit (issue #34): a benchmark of 1,500 items in three model-disagreement strata
 * (1,200 / 200 / 100), a 100-item suspect-first sample (40 / 30 / 30), three raters with gaps
 * and more wrong gold answers where the models disagree. `unratedStratum` leaves one stratum
 * without a rating on the first dimension, so its design-weighted rate has no estimate yet.
 */
import { createPrng } from "../../sampling/prng";
import type { AuditSnapshot, ModelDesignSummary } from "../types";
import { smallAudit } from "./small-audit";

const STRATA = [
  { key: "none", population: 1200, allocated: 40, wrong: 0.03 },
  { key: "some", population: 200, allocated: 30, wrong: 0.2 },
  { key: "most", population: 100, allocated: 30, wrong: 0.6 },
] as const;

export const MODEL_DESIGN: ModelDesignSummary = {
  algorithm: { name: "clinaudit-model-strata", version: 1, prng: "xoshiro256**/sha256-seed", prngVersion: 1 },
  predictionSet: { id: "set-1", name: "Three models, v1", checksum: "cd".repeat(32) },
  allocationRule: { rule: "oversample", factor: 3 },
  allocation: STRATA.map((s) => ({
    key: s.key,
    population: s.population,
    weight: s.key === "none" ? s.population : 3 * s.population,
    allocated: s.allocated,
  })),
};

export function modelGuidedAudit(o: { unratedStratum?: string } = {}): AuditSnapshot {
  const base = smallAudit();
  const rng = createPrng("model-guided-fixture", "package-test");
  const raters = ["u0", "u1", "u2"];
  const items: AuditSnapshot["items"] = [];
  const ratings: AuditSnapshot["ratings"] = [];
  for (const s of STRATA) {
    for (let k = 0; k < s.allocated; k++) {
      const id = `i-${s.key}-${k}`;
      items.push({
        id,
        externalId: `q-${s.key}-${k}`,
        chapter: null,
        level: null,
        decisionPoint: null,
        sampleOrder: 0,
        modelStratum: s.key,
      });
      const wrong = rng.nextFloat() < s.wrong;
      for (const raterId of raters) {
        if (rng.nextFloat() < 0.08) continue; // a missing rating
        const agrees = rng.nextFloat() < 0.85;
        const gold = agrees === wrong ? "incorrect" : rng.nextFloat() < 0.8 ? "correct" : "uncertain";
        ratings.push({ itemId: id, raterId, dimension: "gold", category: gold });
        ratings.push({ itemId: id, raterId, dimension: "safety", category: rng.nextFloat() < 0.9 ? "safe" : "harm" });
      }
    }
  }
  // The review order shuffles the strata (docs/stratified-sampling.md §3): so does this fixture.
  const order = items.map((_, i) => i).sort((a, b) => ((a * 37) % 101) - ((b * 37) % 101));
  order.forEach((i, place) => {
    items[i]!.sampleOrder = place + 1;
  });
  const unrated = o.unratedStratum;
  return {
    ...base,
    audit: { ...base.audit, sampleSize: items.length, populationSize: 1500, strata: [], modelDesign: structuredClone(MODEL_DESIGN) },
    raters: raters.map((id, g) => ({ id, label: `R${g + 1}` })),
    items,
    ratings: ratings.filter((r) => !(unrated && r.dimension === "gold" && r.itemId.startsWith(`i-${unrated}-`))),
  };
}
