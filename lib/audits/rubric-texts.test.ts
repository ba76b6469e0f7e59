import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC, rubricSchema, type Rubric } from "./rubric";
import { missingChinese, rubricTextChanges, sameStructure, withEnglish } from "./rubric-texts";

const edit = (r: Rubric, f: (r: Rubric) => void) => {
  const copy = structuredClone(r);
  f(copy);
  return copy;
};

describe("rubric texts", () => {
  it("lists each changed text, English and Chinese, before and after", () => {
    const after = edit(DEFAULT_RUBRIC, (r) => {
      r[0]!.question = "Is the gold answer right at the cutoff?";
      r[0]!.categories[1] = withEnglish(r[0]!.categories[1]!, "description", "The gold answer is wrong");
      r[1]!.translations = { "zh-CN": { label: "题目清晰度", question: "题目是否清晰且具有临床意义？" } };
    });
    expect(rubricSchema.safeParse(after).success).toBe(true);
    expect(rubricTextChanges(DEFAULT_RUBRIC, after)).toEqual({
      before: {
        "gold.question@en": DEFAULT_RUBRIC[0]!.question,
        "gold.incorrect.description@en": null,
        "question.label@zh-CN": "题目清晰度与临床意义",
      },
      after: {
        "gold.question@en": "Is the gold answer right at the cutoff?",
        "gold.incorrect.description@en": "The gold answer is wrong",
        "question.label@zh-CN": "题目清晰度",
      },
    });
    expect(sameStructure(DEFAULT_RUBRIC, after)).toBe(true);
  });

  it("tells a change of structure (a code, the order, the tie rule) from a change of text", () => {
    expect(
      sameStructure(
        DEFAULT_RUBRIC,
        edit(DEFAULT_RUBRIC, (r) => void (r[0]!.categories[0]!.key = "right")),
      ),
    ).toBe(false);
    expect(
      sameStructure(
        DEFAULT_RUBRIC,
        edit(DEFAULT_RUBRIC, (r) => void r.reverse()),
      ),
    ).toBe(false);
    expect(
      sameStructure(
        DEFAULT_RUBRIC,
        edit(DEFAULT_RUBRIC, (r) => void (r[0]!.tieCategory = "incorrect")),
      ),
    ).toBe(false);
    expect(
      sameStructure(
        DEFAULT_RUBRIC,
        edit(DEFAULT_RUBRIC, (r) => void (r[0]!.label = "Gold")),
      ),
    ).toBe(true);
  });

  it("counts English texts without Chinese, and drops an emptied optional English text", () => {
    expect(missingChinese(DEFAULT_RUBRIC)).toBe(0);
    const described = edit(DEFAULT_RUBRIC, (r) => void (r[0]!.categories[0]!.description = "Right"));
    expect(missingChinese(described)).toBe(1);
    const cleared = withEnglish(described[0]!.categories[0]!, "description", " ");
    expect("description" in cleared).toBe(false);
    expect(withEnglish(described[0]!, "label", "").label).toBe("");
  });
});
