import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC, keyFromLabel, localizeRubric, rubricSchema } from "./rubric";

describe("rubric", () => {
  it("accepts the default two-dimension protocol", () => {
    expect(rubricSchema.parse(DEFAULT_RUBRIC)).toEqual(DEFAULT_RUBRIC);
    expect(DEFAULT_RUBRIC.map((d) => d.categories.length)).toEqual([3, 3]);
  });
  it("rejects a tie category that is not a category, and duplicate keys", () => {
    const bad = structuredClone(DEFAULT_RUBRIC);
    bad[0]!.tieCategory = "maybe";
    expect(rubricSchema.safeParse(bad).success).toBe(false);
    const dup = structuredClone(DEFAULT_RUBRIC);
    dup[1]!.key = "gold";
    expect(rubricSchema.safeParse(dup).success).toBe(false);
    const dupCat = structuredClone(DEFAULT_RUBRIC);
    dupCat[0]!.categories[1]!.key = "correct";
    expect(rubricSchema.safeParse(dupCat).success).toBe(false);
  });
  it("limits categories to what digit shortcuts can reach", () => {
    const many = structuredClone(DEFAULT_RUBRIC);
    many[0]!.categories = Array.from({ length: 10 }, (_, i) => ({ key: `c${i}`, label: `C${i}` }));
    many[0]!.tieCategory = "c0";
    many[0]!.errorCategory = null;
    expect(rubricSchema.safeParse(many).success).toBe(false);
  });
  it("derives keys from labels", () => {
    expect(keyFromLabel("Ambiguous, requiring revision")).toBe("ambiguous_requiring_revision");
    expect(keyFromLabel("???")).toBe("category");
  });
});

describe("localizeRubric", () => {
  it("shows the translation where the rubric has one and the canonical text elsewhere", () => {
    const rubric = rubricSchema.parse([
      {
        key: "gold",
        label: "Gold",
        question: "Right?",
        translations: { "zh-CN": { label: "标准答案" } },
        categories: [
          { key: "yes", label: "Yes", translations: { "zh-CN": { label: "是", description: "完全正确" } } },
          { key: "no", label: "No" },
        ],
        tieCategory: "no",
      },
    ]);
    const zh = localizeRubric(rubric, "zh-CN");
    expect(zh[0]).toMatchObject({ key: "gold", label: "标准答案", question: "Right?" });
    expect(zh[0]!.categories.map((c) => [c.key, c.label, c.description])).toEqual([
      ["yes", "是", "完全正确"],
      ["no", "No", undefined],
    ]);
    const en = localizeRubric(rubric, "en");
    expect(en[0]).toMatchObject({ key: "gold", label: "Gold", question: "Right?" });
    expect(en[0]!.categories.map((c) => [c.key, c.label, c.description])).toEqual([
      ["yes", "Yes", undefined],
      ["no", "No", undefined],
    ]);
  });

  it("leaves the translations out of what it shows, in either language", () => {
    for (const locale of ["en", "zh-CN"] as const) {
      const shown = localizeRubric(DEFAULT_RUBRIC, locale);
      expect(shown.some((d) => "translations" in d || d.categories.some((c) => "translations" in c))).toBe(false);
      if (locale === "en") expect(JSON.stringify(shown)).toMatch(/^[\x20-\x7e]*$/);
    }
    // The rubric it was given keeps them (the rubric editor and the exports read them).
    expect(DEFAULT_RUBRIC[0]!.translations?.["zh-CN"]?.label).toBe("标准答案正确性");
  });

  it("translates the default rubric completely", () => {
    for (const d of localizeRubric(DEFAULT_RUBRIC, "zh-CN")) {
      expect(d.label).toMatch(/\p{Script=Han}/u);
      expect(d.question).toMatch(/\p{Script=Han}/u);
      for (const c of d.categories) expect(c.label).toMatch(/\p{Script=Han}/u);
    }
  });

  it("rejects a translation without text", () => {
    const bad = structuredClone(DEFAULT_RUBRIC) as unknown as { translations: unknown }[];
    bad[0]!.translations = { "zh-CN": { label: "  " } };
    expect(rubricSchema.safeParse(bad).success).toBe(false);
  });
});
