/**
 * What the package carries of a model-guided (suspect-first) sample, so that reproduce.py and
 * reproduce.R recompute its design-weighted error rate and bound (docs/stratified-sampling.md):
 * the design itself goes to audit.json (`sample.modelDesign`), each sampled item's stratum to
 * `model-strata.csv`. Nothing for any other sample. Pure; items in sample order.
 */
import { csvText } from "../../csv";
import { sortedItems } from "../ordering";
import type { AuditSnapshot } from "../types";

export const MODEL_STRATA_FILE = "model-strata.csv";

/** `item,stratum` per sampled item in sample order; null without a model-guided design. */
export function modelStrataCsv(snapshot: AuditSnapshot): string | null {
  if (!snapshot.audit.modelDesign) return null;
  return csvText([["item", "stratum"], ...sortedItems(snapshot).map((i) => [i.externalId, i.modelStratum ?? ""])]);
}
