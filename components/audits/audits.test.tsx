// Server-render test (no DOM): the organizer's audit pieces in English (the wording the e2e flows
// select by) and in Simplified Chinese; the rubric editor shows the default rubric's Chinese text.
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { AssignPanel } from "./assign-panel";
import { CompositionTable, type Composition } from "./composition-table";
import { NewAuditForm } from "./new-audit-form";
import { ProgressTable } from "./progress-table";
import { StatusControls } from "./status-controls";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));
vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());
vi.mock("@/lib/actions/audits", () => ({
  assignAction: vi.fn(),
  createAuditAction: vi.fn(),
  previewSampleAction: vi.fn(),
  setShareResultsAction: vi.fn(),
  setStatusAction: vi.fn(),
  withdrawAction: vi.fn(),
  withdrawResultsAccessAction: vi.fn(),
}));

const render = (el: ReactElement, locale: Locale) =>
  renderToString(withIntl(el, locale))
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");

const composition: Composition = {
  frameSize: 1500,
  sampleSize: 3,
  byKey: [
    {
      key: "chapter",
      values: [{ value: "unknown", frameCount: 1200, sampleCount: 2, frameShare: 0.8, sampleShare: 2 / 3, expectedCount: 2.4 }],
    },
  ],
};
const clinicians = [
  {
    userId: "u1",
    label: "R1",
    name: "Dr. A",
    email: "a@x.org",
    active: true,
    assigned: 3,
    started: 1,
    done: 1,
    lastActivityAt: new Date("2026-01-02T03:04:00Z"),
    flagged: 1,
    activeMs: 150_000,
    medianActiveMs: 150_000,
  },
];
const progress = { done: 1, assigned: 3, clinicians };
const pieces = () => ({
  form: <NewAuditForm datasets={[{ id: "d1", label: "ObGyn v1", itemCount: 1500 }]} initialSeed="123" />,
  composition: <CompositionTable composition={composition} />,
  progress: <ProgressTable clinicians={clinicians} auditId="a1" locked={false} />,
  assign: <AssignPanel auditId="a1" clinicians={[{ id: "u1", name: "Dr. A", email: "a@x.org" }]} assignedIds={[]} locked />,
  status: <StatusControls auditId="a1" status="CLOSED" shareResults={false} hasAdjudicator={false} progress={progress} />,
  shared: <StatusControls auditId="a1" status="CLOSED" shareResults hasAdjudicator progress={progress} />,
});

describe("the audit pieces", () => {
  it("print a median time under a minute in seconds, in both languages", () => {
    const quick = <ProgressTable clinicians={[{ ...clinicians[0]!, medianActiveMs: 42_400 }]} auditId="a1" locked={false} />;
    expect(render(quick, "en")).toContain("42 s");
    expect(render(quick, "zh-CN")).toContain("42 秒");
    expect(render(pieces().progress, "en")).toContain("2.5 min");
  });

  it("offer no reopening while clinicians can see the results, only withdrawing that access", () => {
    const shared = render(pieces().shared, "en");
    expect(shared).toMatch(/<button[^>]*disabled=""[^>]*>Reopen<\/button>/);
    expect(render(pieces().status, "en")).toMatch(/<button(?![^>]*disabled="")[^>]*>Reopen<\/button>/);
  });

  it("read as before in English", () => {
    const html = Object.values(pieces())
      .map((el) => render(el, "en"))
      .join("");
    for (const text of [
      "ObGyn v1 (1,500 items)",
      "Stratify by (proportional allocation)",
      "Decision point (DP1 / DP2+)",
      "Draw sample",
      "A split vote counts as",
      'aria-label="Move dimension 1 up"',
      "Chapter / category",
      "66.7%",
      "1,200",
      "unknown",
      "Withdraw",
      'aria-label="Dr. A: 1 of 3 done"',
      "Fully crossed (every clinician rates every item)",
      "The audit is closed; reopen it to change assignments.",
      "Reopen",
      "Let clinicians see the results",
      "Clinicians can see the results (shared results and the clinician adjudicator). Reopening needs that access withdrawn first",
      "Withdraw results access",
    ])
      expect(html).toContain(text);
  });

  it("read in Simplified Chinese, with the default rubric's Chinese ready to edit", () => {
    const all = pieces();
    const html = Object.values(all)
      .map((el) => render(el, "zh-CN"))
      .join("");
    for (const text of [
      "ObGyn v1（1,500 个条目）",
      "分层依据（按比例分配）",
      "抽取样本",
      "意见分歧时计为",
      'aria-label="上移维度 1"',
      "英文和中文文本",
      'value="标准答案正确性"',
      'value="有歧义，需要修改"',
      "章节 / 类别",
      "未知",
      "撤出",
      'aria-label="Dr. A：已完成 1 / 3"',
      "完全交叉（每位临床医生审核每个条目）",
      "重新开放",
      "允许临床医生查看结果",
      "临床医生可以看到结果（已共享结果和临床医生裁定人）",
      "撤回结果访问权限",
    ])
      expect(html).toContain(text);
    // Canonical rubric labels are data; nothing else is left in English.
    const text = render(all.form, "zh-CN")
      .replace(/<[^>]*>/g, " ")
      .replace(
        /Gold-answer correctness|Question clarity and clinical meaningfulness|Clear and meaningful|Ambiguous, requiring revision|Unreasonable|Correct|Incorrect|Uncertain|ObGyn v1|DP1 \/ DP2\+/g,
        "",
      );
    expect(text).not.toMatch(/[A-Za-z]{3,}/);
  });
});
