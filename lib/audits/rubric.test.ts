import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC, keyFromLabel, rubricSchema } from "./rubric";

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
