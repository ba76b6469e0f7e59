/**
 * Checks a snapshot before anything is computed. A rating pointing at an unknown item, two raters
 * sharing a label or a label with stray spaces would not crash the statistics — they would silently
 * merge or split raters, or make the exported CSV parse back to different numbers. Publishing such
 * numbers is worse than showing an error, so each problem throws with what to fix.
 */
import type { AuditSnapshot } from "./types";

export class AuditSnapshotError extends Error {
  constructor(message: string) {
    super(`invalid audit snapshot: ${message}`);
    this.name = "AuditSnapshotError";
  }
}

/** Exports are re-read by the ratings CSV parser, which trims fields: keys must survive that. */
function checkKey(value: string, what: string): void {
  if (value === "" || value.trim() !== value) {
    throw new AuditSnapshotError(`${what} ${JSON.stringify(value)} is empty or has leading/trailing spaces`);
  }
}

function checkUnique(values: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new AuditSnapshotError(`${what} ${JSON.stringify(v)} appears twice`);
    seen.add(v);
  }
}

export function validateSnapshot(s: AuditSnapshot): void {
  const level = s.audit.confidenceLevel ?? 0.95;
  if (!(level > 0 && level < 1)) throw new AuditSnapshotError(`confidenceLevel ${level} is not between 0 and 1`);
  const N = s.audit.populationSize;
  if (N !== null && !(Number.isSafeInteger(N) && N >= Math.max(1, s.items.length))) {
    throw new AuditSnapshotError(`populationSize ${N} must be a whole number of at least the ${s.items.length} sampled items`);
  }
  checkUnique(
    s.rubric.map((d) => d.key),
    "dimension key",
  );
  for (const d of s.rubric) {
    checkKey(d.key, "dimension key");
    const keys = d.categories.map((c) => c.key);
    keys.forEach((k) => checkKey(k, `category key of dimension "${d.key}":`));
    checkUnique(keys, `category key of dimension "${d.key}":`);
    if (!keys.includes(d.tieCategory)) {
      throw new AuditSnapshotError(`tie category "${d.tieCategory}" of dimension "${d.key}" is not one of its categories`);
    }
    if (d.errorCategory != null && !keys.includes(d.errorCategory)) {
      throw new AuditSnapshotError(`error category "${d.errorCategory}" of dimension "${d.key}" is not one of its categories`);
    }
  }
  checkUnique(
    s.raters.map((r) => r.id),
    "rater id",
  );
  checkUnique(
    s.raters.map((r) => r.label),
    "rater label",
  );
  s.raters.forEach((r) => checkKey(r.label, "rater label"));
  checkUnique(
    s.items.map((i) => i.id),
    "item id",
  );
  checkUnique(
    s.items.map((i) => i.externalId),
    "item externalId",
  );
  s.items.forEach((i) => checkKey(i.externalId, "item externalId"));
  checkModelDesign(s);

  const items = new Set(s.items.map((i) => i.id));
  const raters = new Set(s.raters.map((r) => r.id));
  const categories = new Map(s.rubric.map((d) => [d.key, new Set(d.categories.map((c) => c.key))]));
  const seen = new Set<string>();
  for (const r of s.ratings) {
    if (!items.has(r.itemId)) throw new AuditSnapshotError(`a rating refers to unknown item "${r.itemId}"`);
    if (!raters.has(r.raterId)) throw new AuditSnapshotError(`a rating refers to unknown rater "${r.raterId}"`);
    const declared = categories.get(r.dimension);
    if (!declared) throw new AuditSnapshotError(`a rating refers to unknown dimension "${r.dimension}"`);
    if (!declared.has(r.category)) {
      throw new AuditSnapshotError(`category "${r.category}" is not declared for dimension "${r.dimension}"`);
    }
    const key = JSON.stringify([r.dimension, r.itemId, r.raterId]);
    if (seen.has(key)) {
      throw new AuditSnapshotError(`rater "${r.raterId}" rated item "${r.itemId}" twice on dimension "${r.dimension}"`);
    }
    seen.add(key);
  }
  if (s.calibration) validateCalibration(s.calibration, raters);
}

/** The calibration's rounds, items and answers refer to each other and to the snapshot's raters. */
function validateCalibration(c: NonNullable<AuditSnapshot["calibration"]>, raters: ReadonlySet<string>): void {
  if (!(Number.isInteger(c.passPercent) && c.passPercent >= 0 && c.passPercent <= 100))
    throw new AuditSnapshotError(`calibration pass rule ${c.passPercent} % is not a whole percentage`);
  const lists: [string[], string][] = [
    [c.items.map((i) => i.id), "practice item id"],
    [c.items.map((i) => i.externalId), "practice item externalId"],
    [c.rounds.map((r) => String(r.number)), "calibration round"],
  ];
  for (const [values, what] of lists) checkUnique(values, what);
  for (const i of c.items) {
    checkKey(i.externalId, "practice item externalId");
    if (Object.keys(i.key).length === 0) throw new AuditSnapshotError(`practice item "${i.externalId}" has an empty key`);
    if (typeof i.rationale !== "string") throw new AuditSnapshotError(`practice item "${i.externalId}" has no rationale text`);
    for (const [question, category] of Object.entries(i.key)) {
      checkKey(question, `question of practice item "${i.externalId}":`);
      checkKey(category, `key of practice item "${i.externalId}":`);
    }
  }
  for (const r of c.rounds) {
    if (!(Number.isSafeInteger(r.number) && r.number >= 1))
      throw new AuditSnapshotError(`calibration round ${r.number} is not a positive whole number`);
    if (typeof r.startedAt !== "string" || Number.isNaN(Date.parse(r.startedAt)))
      throw new AuditSnapshotError(`calibration round ${r.number} has no valid start time`);
  }
  const items = new Set(c.items.map((i) => i.id));
  const rounds = new Set(c.rounds.map((r) => r.number));
  const seen = new Set<string>();
  for (const a of c.answers) {
    if (!rounds.has(a.round)) throw new AuditSnapshotError(`a practice answer refers to unknown round ${a.round}`);
    if (!items.has(a.itemId)) throw new AuditSnapshotError(`a practice answer refers to unknown practice item "${a.itemId}"`);
    if (!raters.has(a.raterId)) throw new AuditSnapshotError(`a practice answer refers to unknown rater "${a.raterId}"`);
    if (!(Number.isSafeInteger(a.activeMs) && a.activeMs >= 0))
      throw new AuditSnapshotError(`a practice answer's active time ${a.activeMs} ms is not a whole number`);
    for (const category of Object.values(a.labels)) checkKey(category, "practice answer");
    const key = JSON.stringify([a.round, a.raterId, a.itemId]);
    if (seen.has(key)) throw new AuditSnapshotError(`rater "${a.raterId}" answered practice item "${a.itemId}" twice in round ${a.round}`);
    seen.add(key);
  }
}

/** A model-guided design names every sampled item's stratum, and only strata it allocated. */
function checkModelDesign(s: AuditSnapshot): void {
  const design = s.audit.modelDesign;
  if (!design) {
    const stray = s.items.find((i) => i.modelStratum !== undefined);
    if (stray) throw new AuditSnapshotError(`item "${stray.externalId}" has a model stratum but the audit has no model design`);
    return;
  }
  const strata = new Map(design.allocation.map((a) => [a.key, a]));
  for (const a of design.allocation) {
    if (!(Number.isSafeInteger(a.population) && a.population >= 1)) {
      throw new AuditSnapshotError(`stratum "${a.key}" has population ${a.population}, not a whole number of at least 1`);
    }
  }
  const sampled = new Map<string, number>();
  for (const i of s.items) {
    if (i.modelStratum === undefined || !strata.has(i.modelStratum)) {
      throw new AuditSnapshotError(`item "${i.externalId}" has no stratum of the audit's model design`);
    }
    sampled.set(i.modelStratum, (sampled.get(i.modelStratum) ?? 0) + 1);
  }
  for (const [key, n] of sampled) {
    const population = strata.get(key)?.population ?? 0;
    if (n > population) throw new AuditSnapshotError(`stratum "${key}" has ${n} sampled items but only ${population} in the benchmark`);
  }
}
