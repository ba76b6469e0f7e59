// Why an adjudication was not saved, field by field: the schema's errors ("decisions.1.rationale")
// and the server's ("finalLabels.gold@t3") as a list in page order, each naming what it is about
// and the id of the field to fix.

export const RATIONALE_FIELD = "adjudication-rationale";
/** The final labels' fieldset: a label for a question the panel does not show points here. */
export const FINAL_LABELS_FIELD = "final-labels";
export const reasonField = (correctionId: string) => `reason-${correctionId}`;
export const correctionField = (correctionId: string) => `correction-${correctionId}`;
/** The final label's select of one question ("gold", or "gold@t3" for a turn). */
export const finalLabelField = (ratingKey: string) => `final-${ratingKey}`;

export interface Problem {
  /** Id of the element to mark and focus. */
  fieldId: string;
  /** The correction's or question's name ("New gold answer · Turn 2"), or null for the item's own rationale. */
  about: string | null;
  text: string;
}

const FINAL_LABELS = "finalLabels.";

export function problemsOf(
  errors: Record<string, string>,
  corrections: readonly { id: string }[],
  nameOf: (index: number) => string,
  /** The panel's name of a final label's question, undefined when it does not show it. */
  labelOf: (ratingKey: string) => string | undefined = () => undefined,
): Problem[] {
  const out: (Problem & { rank: number })[] = [];
  for (const [path, text] of Object.entries(errors)) {
    if (path.startsWith(FINAL_LABELS)) {
      const key = path.slice(FINAL_LABELS.length);
      const label = labelOf(key);
      out.push({ fieldId: label === undefined ? FINAL_LABELS_FIELD : finalLabelField(key), about: label ?? null, text, rank: 0 });
      continue;
    }
    const [head, index, field] = path.split(".");
    const correction = head === "decisions" ? corrections[Number(index)] : undefined;
    if (correction)
      out.push({
        fieldId: field === "rationale" ? reasonField(correction.id) : correctionField(correction.id),
        about: nameOf(Number(index)),
        text,
        rank: 1,
      });
    else out.push({ fieldId: RATIONALE_FIELD, about: null, text, rank: 2 });
  }
  // Page order: the final labels, the corrections, then the rationale.
  return out.sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...p }) => p);
}
