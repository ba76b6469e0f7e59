/**
 * Assignment plans: which clinician reviews which sampled item.
 *
 *  - fully crossed: every clinician rates every item (best for agreement statistics,
 *    most expensive);
 *  - balanced incomplete: each item to k of n clinicians, loads within 1, pair overlaps
 *    as even as possible (see assign-balanced.ts);
 *  - manual: an organizer-supplied list, validated.
 *
 * Ids are canonicalised (sorted) before any seeded step, so the plan depends on the
 * seed and the SETS of clinicians and items, not on the order they were listed in.
 */
import { balancedDesign, type BalancedOptions } from "./assign-balanced";
import { AssignmentError, compareCodeUnits, preview } from "./errors";
import { domainMessage as said } from "../i18n/domain";
import { SeedError, canonicalSeed, createPrng, type Seed } from "./prng";

export const BALANCED_ALGORITHM = "clinaudit-balanced-anneal";
export const BALANCED_ALGORITHM_VERSION = 1;

export type AssignmentDesign = "fully-crossed" | "balanced-incomplete" | "manual";

export interface Assignment {
  itemId: string;
  clinicianId: string;
}

export interface AssignmentStats {
  loads: { clinicianId: string; load: number }[];
  minLoad: number;
  maxLoad: number;
  minRatersPerItem: number;
  maxRatersPerItem: number;
  /** Items shared by the least/most-overlapping pair; null with fewer than 2 clinicians. */
  minPairOverlap: number | null;
  maxPairOverlap: number | null;
}

export interface AssignmentPlan {
  design: AssignmentDesign;
  /** Canonical seed for seeded designs, else null. */
  seed: string | null;
  algorithm: { name: string; version: number } | null;
  /** k for fully crossed (= n) and balanced designs; null for manual. */
  ratersPerItem: number | null;
  clinicianIds: string[];
  itemIds: string[];
  /** Grouped by item in `itemIds` order, clinicians in `clinicianIds` order. */
  assignments: Assignment[];
  stats: AssignmentStats;
}

export interface AssignmentInput {
  clinicianIds: readonly string[];
  itemIds: readonly string[];
}

function checkIds(ids: readonly string[], what: "clinician" | "item"): string[] {
  const empty = what === "clinician" ? "NO_CLINICIANS" : "NO_ITEMS";
  if (!Array.isArray(ids) || ids.length === 0)
    throw new AssignmentError(empty, said(what === "clinician" ? "assignment.noClinicians" : "assignment.noItems"));
  if (ids.some((id) => typeof id !== "string" || id === "")) {
    throw new AssignmentError("INVALID_ID", said("assignment.invalidId", { what }));
  }
  const seen = new Set<string>();
  const dups = ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  if (dups.length > 0) {
    const code = what === "clinician" ? "DUPLICATE_CLINICIAN" : "DUPLICATE_ITEM";
    throw new AssignmentError(code, said("assignment.duplicateIds", { what, ...preview(dups) }), { ids: dups });
  }
  return [...ids];
}

/** Orders assignments by item, then clinician, following the given id lists. */
function ordered(pairs: Iterable<Assignment>, clinicianIds: string[], itemIds: string[]): Assignment[] {
  const ci = new Map(clinicianIds.map((id, i) => [id, i]));
  const ii = new Map(itemIds.map((id, i) => [id, i]));
  return [...pairs].sort(
    (a, b) =>
      (ii.get(a.itemId) as number) - (ii.get(b.itemId) as number) || (ci.get(a.clinicianId) as number) - (ci.get(b.clinicianId) as number),
  );
}

/** Loads, raters per item and min/max pair overlap of any assignment list. */
export function computeAssignmentStats(
  clinicianIds: readonly string[],
  itemIds: readonly string[],
  assignments: readonly Assignment[],
): AssignmentStats {
  const ci = new Map(clinicianIds.map((id, i) => [id, i]));
  const n = clinicianIds.length;
  const load = new Array<number>(n).fill(0);
  const raters = new Map<string, number[]>(itemIds.map((id) => [id, []]));
  for (const a of assignments) {
    const c = ci.get(a.clinicianId);
    const row = raters.get(a.itemId);
    if (c === undefined || row === undefined) continue; // unknown ids are validation's job
    load[c] = (load[c] as number) + 1;
    row.push(c);
  }
  const overlap = new Array<number>(n * n).fill(0);
  for (const row of raters.values()) {
    for (let x = 0; x < row.length; x++) {
      for (let y = x + 1; y < row.length; y++) {
        const a = row[x] as number;
        const b = row[y] as number;
        const i = a < b ? a * n + b : b * n + a;
        overlap[i] = (overlap[i] as number) + 1;
      }
    }
  }
  let minPairOverlap: number | null = null;
  let maxPairOverlap: number | null = null;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const o = overlap[a * n + b] as number;
      minPairOverlap = minPairOverlap === null ? o : Math.min(minPairOverlap, o);
      maxPairOverlap = maxPairOverlap === null ? o : Math.max(maxPairOverlap, o);
    }
  }
  const perItem = [...raters.values()].map((r) => r.length);
  return {
    loads: clinicianIds.map((clinicianId, i) => ({ clinicianId, load: load[i] as number })),
    minLoad: Math.min(...load),
    maxLoad: Math.max(...load),
    minRatersPerItem: Math.min(...perItem),
    maxRatersPerItem: Math.max(...perItem),
    minPairOverlap,
    maxPairOverlap,
  };
}

/** Every clinician rates every item. */
export function fullyCrossed(input: AssignmentInput): AssignmentPlan {
  const clinicianIds = checkIds(input.clinicianIds, "clinician");
  const itemIds = checkIds(input.itemIds, "item");
  const assignments = itemIds.flatMap((itemId) => clinicianIds.map((clinicianId) => ({ itemId, clinicianId })));
  return {
    design: "fully-crossed",
    seed: null,
    algorithm: null,
    ratersPerItem: clinicianIds.length,
    clinicianIds,
    itemIds,
    assignments,
    stats: computeAssignmentStats(clinicianIds, itemIds, assignments),
  };
}

export interface BalancedInput extends AssignmentInput {
  /** k: clinicians per item, 1 ≤ k ≤ number of clinicians. */
  ratersPerItem: number;
  seed: Seed;
  options?: BalancedOptions;
}

/** Each item to k of n clinicians; loads within 1; pair overlaps as even as found. */
export function balancedIncomplete(input: BalancedInput): AssignmentPlan {
  const clinicianIds = checkIds(input.clinicianIds, "clinician");
  const itemIds = checkIds(input.itemIds, "item");
  const k = input.ratersPerItem;
  if (!Number.isInteger(k) || k < 1 || k > clinicianIds.length) {
    throw new AssignmentError(
      "INVALID_RATERS_PER_ITEM",
      said("assignment.ratersPerItem", { clinicians: String(clinicianIds.length), ratersPerItem: String(k) }),
      { ratersPerItem: k, clinicians: clinicianIds.length },
    );
  }
  let seed: string;
  try {
    seed = canonicalSeed(input.seed);
  } catch (e) {
    if (e instanceof SeedError) throw new AssignmentError("INVALID_SEED", e.said);
    throw e;
  }
  const canonC = [...clinicianIds].sort(compareCodeUnits);
  const canonI = [...itemIds].sort(compareCodeUnits);
  const rng = createPrng(seed, `assign:${BALANCED_ALGORITHM}:${BALANCED_ALGORITHM_VERSION}`);
  const design = balancedDesign(canonC.length, canonI.length, k, rng, input.options);
  const pairs = design.flatMap((row, j) => row.map((c) => ({ itemId: canonI[j] as string, clinicianId: canonC[c] as string })));
  const assignments = ordered(pairs, clinicianIds, itemIds);
  return {
    design: "balanced-incomplete",
    seed,
    algorithm: { name: BALANCED_ALGORITHM, version: BALANCED_ALGORITHM_VERSION },
    ratersPerItem: k,
    clinicianIds,
    itemIds,
    assignments,
    stats: computeAssignmentStats(clinicianIds, itemIds, assignments),
  };
}

export type ManualAssignmentIssue =
  | { kind: "invalid-entry"; index: number }
  | { kind: "unknown-clinician"; index: number; clinicianId: string }
  | { kind: "unknown-item"; index: number; itemId: string }
  | { kind: "duplicate"; index: number; firstIndex: number; itemId: string; clinicianId: string };

/** Legal but probably unintended; shown to the organizer, not blocking. */
export type ManualAssignmentWarning =
  | { kind: "item-without-clinician"; itemId: string }
  | { kind: "clinician-without-items"; clinicianId: string };

export type ManualValidation =
  | { ok: true; plan: AssignmentPlan; warnings: ManualAssignmentWarning[] }
  | { ok: false; issues: ManualAssignmentIssue[]; warnings: ManualAssignmentWarning[] };

export interface ManualInput extends AssignmentInput {
  assignments: readonly Assignment[];
}

/**
 * Checks an organizer's list and collects EVERY problem (indices refer to the input
 * list) so the UI can show them all at once instead of one per submit.
 */
export function validateManualAssignments(input: ManualInput): ManualValidation {
  const clinicianIds = checkIds(input.clinicianIds, "clinician");
  const itemIds = checkIds(input.itemIds, "item");
  const knownC = new Set(clinicianIds);
  const knownI = new Set(itemIds);
  const issues: ManualAssignmentIssue[] = [];
  const firstSeen = new Map<string, number>();
  const valid: Assignment[] = [];
  (Array.isArray(input.assignments) ? input.assignments : []).forEach((a, index) => {
    if (typeof a?.itemId !== "string" || typeof a?.clinicianId !== "string") {
      issues.push({ kind: "invalid-entry", index });
      return;
    }
    const { itemId, clinicianId } = a;
    let bad = false;
    if (!knownC.has(clinicianId)) (bad = true), issues.push({ kind: "unknown-clinician", index, clinicianId });
    if (!knownI.has(itemId)) (bad = true), issues.push({ kind: "unknown-item", index, itemId });
    const key = JSON.stringify([itemId, clinicianId]);
    const firstIndex = firstSeen.get(key);
    if (firstIndex !== undefined) {
      issues.push({ kind: "duplicate", index, firstIndex, itemId, clinicianId });
      return;
    }
    firstSeen.set(key, index);
    if (!bad) valid.push({ itemId, clinicianId });
  });
  const usedC = new Set(valid.map((a) => a.clinicianId));
  const usedI = new Set(valid.map((a) => a.itemId));
  const warnings: ManualAssignmentWarning[] = [
    ...itemIds.filter((id) => !usedI.has(id)).map((itemId) => ({ kind: "item-without-clinician" as const, itemId })),
    ...clinicianIds.filter((id) => !usedC.has(id)).map((clinicianId) => ({ kind: "clinician-without-items" as const, clinicianId })),
  ];
  if (issues.length > 0) return { ok: false, issues, warnings };
  const assignments = ordered(valid, clinicianIds, itemIds);
  const plan: AssignmentPlan = {
    design: "manual",
    seed: null,
    algorithm: null,
    ratersPerItem: null,
    clinicianIds,
    itemIds,
    assignments,
    stats: computeAssignmentStats(clinicianIds, itemIds, assignments),
  };
  return { ok: true, plan, warnings };
}

/** Like validateManualAssignments but throws AssignmentError listing the issues. */
export function manualPlan(input: ManualInput): AssignmentPlan {
  const result = validateManualAssignments(input);
  if (result.ok) return result.plan;
  const summary = result.issues
    .slice(0, 5)
    .map((i) => `#${i.index}: ${i.kind}`)
    .join("; ");
  throw new AssignmentError("INVALID_MANUAL_ASSIGNMENT", said("assignment.manualProblems", { count: result.issues.length, summary }), {
    issues: result.issues,
  });
}

/** Item ids assigned to one clinician, in plan order. */
export function itemsForClinician(plan: AssignmentPlan, clinicianId: string): string[] {
  return plan.assignments.filter((a) => a.clinicianId === clinicianId).map((a) => a.itemId);
}
