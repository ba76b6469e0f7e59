// The engine's notes on a coefficient it cannot (fully) compute, as codes of the `domain`
// catalog's `agreement` group (lib/i18n/domain.ts): a page words them in the reader's language,
// the exports and the command line in the English they have always written (`english`, or
// `noteInEnglish` when the report is written as JSON).
import { type DomainCode, type DomainValues, english } from "../i18n/domain";

export interface EngineNote {
  code: Extract<DomainCode, `agreement.${string}`>;
  values?: DomainValues;
}

export const NO_PAIRS_NOTE: EngineNote = { code: "agreement.noPairs" };
export const ONE_CATEGORY_NOTE: EngineNote = { code: "agreement.oneCategory" };
export const PE_ONE_NOTE: EngineNote = { code: "agreement.peOne" };
export const SINGLE_ITEM_NOTE: EngineNote = { code: "agreement.singleItem" };
export const SE_ZERO_NOTE: EngineNote = { code: "agreement.seZero" };
/** Cohen's kappa of two raters with no item both rated. */
export const NO_ITEM_IN_COMMON_NOTE: EngineNote = { code: "agreement.noItemInCommon" };
/** The consensus shares' note (shorter than NO_PAIRS_NOTE: the shares are no coefficient). */
export const NO_PAIRS_SHARES_NOTE: EngineNote = { code: "agreement.noPairsShares" };

export function isEngineNote(value: unknown): value is EngineNote {
  if (value === null || typeof value !== "object") return false;
  const code = (value as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("agreement.");
}

/**
 * A JSON.stringify replacer: every `note` the engine made, in English. The JSON exports and
 * `clinaudit agreement --json` write it, so their bytes are what they were before notes were codes.
 */
export function noteInEnglish(key: string, value: unknown): unknown {
  return key === "note" && isEngineNote(value) ? english(value) : value;
}
