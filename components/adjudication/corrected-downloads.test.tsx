// Server-render test (no DOM): a corrected benchmark that failed the importer's checks lists its
// problems in the reader's language, by each problem's domain code.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { located } from "@/lib/formats/issues";
import type { Locale } from "@/lib/i18n/locales";
import type { CorrectedOverview } from "@/lib/server/adjudication/corrected-export";
import { withIntl } from "@/tests/support/intl";
import { CorrectedDownloads } from "./corrected-downloads";

const issue = located({ file: "(corrections)", field: "(correction)" }, { code: "adjudication.unknownItems", values: { items: "q7" } });

const invalid = (issues: CorrectedOverview["issues"]): CorrectedOverview => ({
  state: "invalid",
  files: [],
  changes: 1,
  removed: 0,
  issues,
  totalIssues: issues.length,
});

const render = (overview: CorrectedOverview, locale: Locale) =>
  renderToString(withIntl(<CorrectedDownloads auditId="a1" initial={overview} />, locale)).replace(/<!-- -->/g, "");

describe("the corrected benchmark's problems", () => {
  it("are worded by their code: Chinese in Chinese, English in English", () => {
    expect(render(invalid([{ ...issue, item: "q7" }]), "en")).toContain(
      "q7 · (corrections) · (correction): corrections name items the dataset does not have: q7",
    );
    const zh = render(invalid([{ ...issue, item: "q7" }]), "zh-CN");
    expect(zh).toContain("更正引用了数据集中没有的条目：q7");
    expect(zh).not.toContain(issue.message);
  });

  it("of a build checked before codes show the English they have", () => {
    const { code: _, ...older } = issue;
    expect(render(invalid([older as typeof issue]), "zh-CN")).toContain(issue.message);
  });
});
