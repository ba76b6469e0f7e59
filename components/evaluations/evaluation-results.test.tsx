// Server-render tests (node, no DOM): every table and plot of an evaluation report prints the
// export's numbers as text, in English and in Simplified Chinese, with no NaN or undefined.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { oneQaPredictions, smallConversationDataset, smallMcqDataset } from "@/lib/evaluation/__fixtures__/small-eval";
import { buildEvaluationReport } from "@/lib/evaluation/report";
import { accuracyPm } from "@/lib/evaluation/report-format";
import type { PredictionSetInput } from "@/lib/evaluation/report-types";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { EvaluationResults } from "./evaluation-results";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

function render(el: ReactElement, locale: Locale = "en"): string {
  return renderToString(withIntl(el, locale))
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

const mcq: PredictionSetInput = {
  checksum: "p",
  models: ["m"],
  scopes: ["Evidence-only", "Agent"],
  rows: ["A", "B", "C", "A", "A", "C", "A", "A", "C", "D", "B", "B"].map((option, i) => ({
    model: "m",
    scope: i < 6 ? "Evidence-only" : "Agent",
    itemId: `I${(i % 6) + 1}`,
    turn: 0,
    option,
  })),
};

describe("evaluation results", () => {
  const report = buildEvaluationReport(smallMcqDataset(), mcq, { replicates: 100 });

  it.each(["en", "zh-CN"] as const)("shows every accuracy, delta and group as text (%s)", (locale) => {
    const html = render(<EvaluationResults report={report} />, locale);
    for (const a of report.accuracy) expect(html).toContain(accuracyPm(a.accuracy));
    expect(html).toContain('data-testid="delta-table"');
    expect(html).toContain('data-testid="dp-table"');
    expect(html).toContain(">GDM<");
    expect(html).not.toMatch(/NaN|undefined/);
  });

  it("speaks the reader's language around the numbers", () => {
    expect(render(<EvaluationResults report={report} />, "en")).toContain("Accuracy by model and input scope (%)");
    const zh = render(<EvaluationResults report={report} />, "zh-CN");
    expect(zh).toContain("各模型与输入范围的准确率（%）");
    expect(zh).toContain("首个决策点（DP1）与后续决策点（DP2+）");
  });

  it("renders the conversation tables and the notes heat map", () => {
    const r = buildEvaluationReport(smallConversationDataset(), oneQaPredictions(), { replicates: 50 });
    const html = render(<EvaluationResults report={r} />);
    expect(html).toContain('data-testid="conversation-table"');
    expect(html).toContain('data-testid="notes-heat-map"');
    expect(html).toContain("Paired QA accuracy by QA category (%)");
    expect(html).not.toMatch(/NaN|undefined/);
  });
});

describe("notes instead of comparisons", () => {
  it("are translated", () => {
    const set: PredictionSetInput = {
      checksum: "x",
      models: ["m", "n"],
      scopes: ["A", "B"],
      rows: [
        { model: "m", scope: "A", itemId: "I1", turn: 0, option: "A" },
        { model: "m", scope: "B", itemId: "I3", turn: 0, option: "C" },
        { model: "n", scope: "B", itemId: "I5", turn: 0, option: "A" },
      ],
    };
    const r = buildEvaluationReport(smallMcqDataset(), set, { replicates: 20 });
    expect(render(<EvaluationResults report={r} />, "zh-CN")).toContain("该模型在基线输入范围上没有预测");
    expect(render(<EvaluationResults report={r} />, "en")).toContain("no case predicted in both scopes");
  });
});
