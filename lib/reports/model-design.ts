/**
 * A stored model-guided design (Audit.modelDesign) in one fixed key order. PostgreSQL's jsonb keeps
 * no key order, and the report's bytes must not depend on the database: so the snapshot rebuilds the
 * design field by field, strata in their declared order.
 */
import { MODEL_STRATA } from "../sampling/model-strata-keys";
import type { AllocationRule } from "../sampling/strata-allocation";
import type { ModelDesignSummary } from "./types";

export function canonicalModelDesign(stored: unknown): ModelDesignSummary {
  const d = stored as ModelDesignSummary;
  const rule = d.allocationRule;
  let allocationRule: AllocationRule;
  if (rule.rule === "neyman") {
    const priors = rule.priorErrorRates;
    allocationRule = {
      rule: "neyman",
      priorErrorRates: Object.fromEntries(MODEL_STRATA.filter((k) => priors[k] !== undefined).map((k) => [k, priors[k]])),
    };
  } else if (rule.rule === "oversample") {
    allocationRule = { rule: "oversample", factor: rule.factor };
  } else {
    allocationRule = { rule: "proportional" };
  }
  return {
    algorithm: { name: d.algorithm.name, version: d.algorithm.version, prng: d.algorithm.prng, prngVersion: d.algorithm.prngVersion },
    predictionSet: { id: d.predictionSet.id, name: d.predictionSet.name, checksum: d.predictionSet.checksum },
    allocationRule,
    allocation: d.allocation.map((a) => ({ key: a.key, population: a.population, weight: a.weight, allocated: a.allocated })),
  };
}
