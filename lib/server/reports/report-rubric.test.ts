import { describe, expect, it } from "vitest";
import { CONVERSATION_RUBRIC, DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import { reportRubric } from "./report-rubric";

describe("reportRubric", () => {
  it("makes one report dimension per turn number a per-turn dimension has in the sample", () => {
    const dims = reportRubric(CONVERSATION_RUBRIC, [
      [
        { turnOrder: 1, turnType: "content" },
        { turnOrder: 2, turnType: "source" },
      ],
      [
        { turnOrder: 1, turnType: "content" },
        { turnOrder: 3, turnType: "content" },
      ],
    ]);
    expect(dims.map((d) => d.key)).toEqual(["gold@t1", "gold@t3", "evidence@t2"]);
    expect(dims[1]).toMatchObject({
      label: "Reference answer correctness (per content turn), turn 3",
      tieCategory: "uncertain",
      errorCategory: "incorrect",
    });
  });
  it("keeps plain dimensions as they are", () => {
    expect(reportRubric(DEFAULT_RUBRIC, []).map((d) => d.key)).toEqual(["gold", "question"]);
  });
});
