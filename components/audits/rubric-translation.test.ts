import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC, localizeRubric, rubricSchema, type RubricDimension } from "@/lib/audits/rubric";
import { hasTranslation, withCategoryTranslation, withDimensionTranslation } from "./rubric-translation";

const plain: RubricDimension = {
  key: "d",
  label: "Clarity",
  categories: [
    { key: "yes", label: "Yes" },
    { key: "no", label: "No" },
  ],
  tieCategory: "no",
  errorCategory: null,
};

describe("rubric translations in the editor", () => {
  it("adds Chinese text that the schema accepts and localizeRubric shows", () => {
    let d = withDimensionTranslation(plain, "label", "清晰度");
    d = withDimensionTranslation(d, "question", "题目是否清晰？");
    d = {
      ...d,
      categories: [
        withCategoryTranslation(withCategoryTranslation(d.categories[0]!, "label", "是"), "description", "完全清晰"),
        d.categories[1]!,
      ],
    };
    const [zh] = localizeRubric(rubricSchema.parse([d]), "zh-CN");
    expect(zh).toMatchObject({ label: "清晰度", question: "题目是否清晰？" });
    expect(zh!.categories.map((c) => [c.label, c.description])).toEqual([
      ["是", "完全清晰"],
      ["No", undefined],
    ]);
    expect(hasTranslation(d)).toBe(true);
  });

  it("drops emptied fields and emptied translations, leaving the rubric as it was", () => {
    const d = withDimensionTranslation(withDimensionTranslation(plain, "label", "清晰度"), "label", "  ");
    expect(d).toEqual(plain);
    expect("translations" in d).toBe(false);
    expect(hasTranslation(d)).toBe(false);
    const gold = DEFAULT_RUBRIC[0]!;
    const cleared = withDimensionTranslation(gold, "question", "");
    expect(cleared.translations).toEqual({ "zh-CN": { label: "标准答案正确性" } });
    expect(rubricSchema.safeParse([cleared]).success).toBe(true);
  });

  it("keeps what is typed (spaces included) and leaves the English text alone", () => {
    const c = withCategoryTranslation(plain.categories[0]!, "label", "是 ");
    expect(c).toEqual({ key: "yes", label: "Yes", translations: { "zh-CN": { label: "是 " } } });
  });
});
