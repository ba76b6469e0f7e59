import { describe, expect, it } from "vitest";
import { FINAL_LABELS_FIELD, finalLabelField, problemsOf, RATIONALE_FIELD, reasonField } from "./problems";

describe("problemsOf", () => {
  const corrections = [{ id: "c1" }, { id: "c2" }];
  const name = (i: number) => ["New gold answer · Turn 1", "Remove this item"][i]!;

  it("names the correction whose reason is missing and the field to focus, in page order", () => {
    const problems = problemsOf(
      { rationale: "Say why, in a sentence", "decisions.1.rationale": "Give a reason for each decision" },
      corrections,
      name,
    );
    expect(problems).toEqual([
      { fieldId: reasonField("c2"), about: "Remove this item", text: "Give a reason for each decision" },
      { fieldId: RATIONALE_FIELD, about: null, text: "Say why, in a sentence" },
    ]);
  });

  it("points other problems of a correction at the correction", () => {
    expect(problemsOf({ "decisions.0.applied.evidence": "Say which evidence" }, corrections, name)[0]).toMatchObject({
      fieldId: "correction-c1",
      about: "New gold answer · Turn 1",
    });
  });
});

describe("problemsOf, final labels", () => {
  const labelOf = (key: string) => ({ "gold@t1": "Turn 1 · Gold" })[key];
  it("points a turn's final label at its select, first on the page", () => {
    expect(problemsOf({ rationale: "Say why", "finalLabels.gold@t1": "Choose a final label" }, [], () => "", labelOf)).toEqual([
      { fieldId: finalLabelField("gold@t1"), about: "Turn 1 · Gold", text: "Choose a final label" },
      { fieldId: RATIONALE_FIELD, about: null, text: "Say why" },
    ]);
  });

  it("points a label for a question the panel does not show (a turn the item lacks) at the final labels", () => {
    expect(problemsOf({ "finalLabels.gold@t9": "No turn 9" }, [], () => "", labelOf)).toEqual([
      { fieldId: FINAL_LABELS_FIELD, about: null, text: "No turn 9" },
    ]);
  });
});
