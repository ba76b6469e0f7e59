import { AssignmentError, SamplingError } from "../../sampling";
import type { CatalogMessage } from "../errors";

/**
 * The sampler's and the assignment planner's errors that an organizer can meet through the forms,
 * as catalog messages (the same English as the library's). The others cannot be reached from the
 * forms (the schemas and the sampling frame rule them out): their English detail is framed by a
 * catalog sentence.
 */
export function planErrorMessage(error: SamplingError | AssignmentError): CatalogMessage {
  const d = error.details;
  if (error instanceof SamplingError && error.code === "SIZE_EXCEEDS_FRAME")
    return { key: "audits.errors.sizeExceedsFrame", values: { size: Number(d.size), frameSize: Number(d.frameSize) } };
  if (error instanceof SamplingError && error.code === "EMPTY_FRAME") return { key: "audits.errors.emptyFrame" };
  if (error instanceof AssignmentError && error.code === "INVALID_RATERS_PER_ITEM")
    return { key: "audits.errors.ratersPerItem", values: { ratersPerItem: String(d.ratersPerItem), clinicians: Number(d.clinicians) } };
  return { key: "common.errors.invalidDetail", values: { detail: error.message } };
}
