// Resources read but not stored as events, counted per file and per kind with the reason in a
// sentence (FileStats.skipped, lib/formats/progress.ts): for each file, its resources = the
// events stored from it + the sum of these counts. Nothing of an export vanishes without a word.
import type { SkippedRecords } from "../progress";
import { type SkipReason, type SkipReasonKey, skipReason } from "../skip-reasons";

/** The reason of a resource type outside the mapping (README.md, "Mapping"); others are unmapped. */
const BY_TYPE: Record<string, SkipReasonKey> = {
  Patient: "patient",
  Encounter: "encounter",
  Binary: "binary",
  Practitioner: "supporting",
  PractitionerRole: "supporting",
  Organization: "supporting",
  Location: "supporting",
  Medication: "supporting",
  Device: "supporting",
  Substance: "supporting",
  Claim: "billing",
  ExplanationOfBenefit: "billing",
  Coverage: "billing",
  Provenance: "provenance",
};

/** Why `what` (a type, or a type with its role: "Condition (pregnancy)") is not stored. */
export function reasonFor(what: string): SkipReason {
  if (what === NO_RESOURCE) return skipReason("noResource");
  if (what.endsWith(" (pregnancy)")) return skipReason("pregnancy");
  if (what.endsWith(" (pregnancy dating)")) return skipReason("pregnancyDating");
  const key = BY_TYPE[what];
  return key ? skipReason(key) : skipReason("unmapped", { type: what });
}

/** An entry with no resource (a transaction's DELETE), or a resource that could not be read. */
export const NO_RESOURCE = "(Bundle entry without a resource)";

/** Per-kind counts for one file, in order of first appearance. */
export class SkipCounter {
  private readonly byKind = new Map<string, SkippedRecords>();

  add(what: string, why: SkipReason = reasonFor(what)): void {
    const s = this.byKind.get(what);
    if (s) s.count++;
    else this.byKind.set(what, { what, count: 1, ...why });
  }

  /** One of `what` turned out to be stored after all (an earlier pregnancy, kept as an event). */
  remove(what: string): void {
    const s = this.byKind.get(what);
    if (s && --s.count === 0) this.byKind.delete(what);
  }

  list(): SkippedRecords[] {
    return [...this.byKind.values()];
  }
}
