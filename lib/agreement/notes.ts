// The engine's notes on a coefficient it cannot (fully) compute: its own English, written into
// the exports as they are. Each has a code, so a page shows the same note from its catalog
// (dashboard.engineNotes.<code>) in the reader's language instead of matching English text.

export const NO_PAIRS_NOTE = "no item has 2 or more ratings: agreement is undefined";
export const ONE_CATEGORY_NOTE =
  "fewer than 2 categories: chance agreement is 1 and the coefficient is undefined (declare the rubric's categories)";
export const PE_ONE_NOTE = "chance agreement is 1 (every rating falls in one category): the coefficient is undefined";
export const SINGLE_ITEM_NOTE = "a single item: the standard error needs at least 2 items";
export const SE_ZERO_NOTE = "standard error and coefficient are both 0: the p-value is undefined";

export const ENGINE_NOTES = {
  noPairs: NO_PAIRS_NOTE,
  oneCategory: ONE_CATEGORY_NOTE,
  peOne: PE_ONE_NOTE,
  singleItem: SINGLE_ITEM_NOTE,
  seZero: SE_ZERO_NOTE,
} as const;
export type EngineNoteCode = keyof typeof ENGINE_NOTES;

/** The code of one of the engine's notes, or null for a note it does not know. */
export function engineNoteCode(note: string): EngineNoteCode | null {
  for (const [code, text] of Object.entries(ENGINE_NOTES)) if (text === note) return code as EngineNoteCode;
  return null;
}
