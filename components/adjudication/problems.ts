// Why an adjudication was not saved, field by field: the schema's errors ("decisions.1.rationale")
// as a list in page order, each naming the correction it is about and the id of the field to fix.

export const RATIONALE_FIELD = "adjudication-rationale";
export const reasonField = (correctionId: string) => `reason-${correctionId}`;
export const correctionField = (correctionId: string) => `correction-${correctionId}`;

export interface Problem {
  /** Id of the element to mark and focus. */
  fieldId: string;
  /** The correction's name ("New gold answer · Turn 2"), or null for the item's own rationale. */
  about: string | null;
  text: string;
}

export function problemsOf(
  errors: Record<string, string>,
  corrections: readonly { id: string }[],
  nameOf: (index: number) => string,
): Problem[] {
  const out: Problem[] = [];
  for (const [path, text] of Object.entries(errors)) {
    const [head, index, field] = path.split(".");
    const correction = head === "decisions" ? corrections[Number(index)] : undefined;
    if (correction)
      out.push({
        fieldId: field === "rationale" ? reasonField(correction.id) : correctionField(correction.id),
        about: nameOf(Number(index)),
        text,
      });
    else out.push({ fieldId: RATIONALE_FIELD, about: null, text });
  }
  // The corrections come before the rationale on the page.
  return out.sort((a, b) => Number(a.about === null) - Number(b.about === null));
}
