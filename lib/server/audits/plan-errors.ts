import type { AssignmentError, SamplingError } from "../../sampling";
import { type CatalogMessage, catalogMessage } from "../errors";

/**
 * The sampler's and the assignment planner's errors as catalog messages: each error says what
 * went wrong as a domain code with values (messages/<locale>/domain.json), the same words as
 * the library's English.
 */
export function planErrorMessage(error: SamplingError | AssignmentError): CatalogMessage {
  return catalogMessage(error.said);
}
