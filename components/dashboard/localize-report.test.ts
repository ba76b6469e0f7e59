import { describe, expect, it } from "vitest";
import { parseRubric } from "@/lib/audits/rubric";
import { smallAudit } from "@/lib/reports/__fixtures__/small-audit";
import { computeAuditReport } from "@/lib/reports/compute";
import { reportJson } from "@/lib/reports";
import { localizeReport } from "./localize-report";

describe("the dashboard's report in the reader's language", () => {
  const snapshot = smallAudit();
  const report = computeAuditReport(snapshot);
  // The fixture's rubric, with Chinese for the gold dimension only.
  const rubric = parseRubric(
    snapshot.rubric.map((d) =>
      d.key !== "gold"
        ? d
        : {
            ...d,
            translations: { "zh-CN": { label: "标准答案" } },
            categories: d.categories.map((c) => (c.key === "correct" ? { ...c, translations: { "zh-CN": { label: "正确" } } } : c)),
          },
    ),
  );

  it("shows the rubric's Chinese labels where it has them and changes no key or number", () => {
    const zh = localizeReport(report, rubric, "zh-CN");
    expect(zh.dimensions.map((d) => d.label)).toEqual(["标准答案", "Safety & harm"]);
    expect(zh.dimensions[0]!.categories).toEqual([
      { key: "correct", label: "正确" },
      { key: "incorrect", label: "Incorrect" },
      { key: "uncertain", label: "Uncertain" },
    ]);
    for (const [i, d] of zh.dimensions.entries()) {
      const { label: _l, categories: _c, ...rest } = d;
      const { label: _l2, categories: _c2, ...canonical } = report.dimensions[i]!;
      expect(rest).toEqual(canonical);
    }
  });

  it("leaves the canonical report — and so the exports — as they were", () => {
    const before = reportJson(report);
    localizeReport(report, rubric, "zh-CN");
    expect(reportJson(report)).toBe(before);
    expect(localizeReport(report, rubric, "en")).toBe(report);
  });
});
