/** The model-disagreement strata (stratified.ts step 1), in their order; no Node imports, so forms and file formats can use them. */
export const MODEL_STRATA = ["none", "some", "most", "unpredicted"] as const;
export type ModelStratum = (typeof MODEL_STRATA)[number];

/** Strata that the models flag as likely wrong: the ones oversampling weights up. */
export const SUSPECT_STRATA: readonly ModelStratum[] = ["some", "most"];

export function isModelStratum(key: string): key is ModelStratum {
  return (MODEL_STRATA as readonly string[]).includes(key);
}
