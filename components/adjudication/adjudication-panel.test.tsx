// Server-render test (no DOM): the adjudication panel in English (the wording the e2e flows select
// by) and in Simplified Chinese, with a proposed correction on a conversation turn.
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { AdjudicationPanel, type AdjudicationPanelProps } from "./adjudication-panel";

vi.mock("@/lib/actions/adjudication", () => ({ saveAdjudicationAction: vi.fn() }));

const props: AdjudicationPanelProps = {
  auditId: "a1",
  auditItemId: "ai1",
  rubric: [
    {
      key: "gold",
      label: "Gold",
      categories: [
        { key: "correct", label: "Correct" },
        { key: "incorrect", label: "Incorrect" },
      ],
    },
  ],
  raters: [
    { label: "R1", name: "Dr. A", comment: "", ratings: { gold: "incorrect" } },
    { label: "R2", name: "Dr. B", comment: "", ratings: { gold: null } },
  ],
  majority: { gold: "incorrect" },
  corrections: [
    {
      id: "c1",
      kind: "GOLD",
      turnOrder: 1,
      proposal: "Option C",
      newGold: "C",
      rationale: "The note says so.",
      proposedBy: "R1 · Dr. A",
      decided: null,
    },
    {
      id: "c2",
      kind: "STEM",
      turnOrder: 0,
      proposal: "Clearer stem?",
      newGold: null,
      rationale: "Ambiguous.",
      proposedBy: "R2 · Dr. B",
      decided: { decision: "EDITED", applied: { kind: "STEM", question: "Clearer stem?" }, rationale: "ok" },
    },
  ],
  optionLabels: ["A", "B", "C"],
  turns: [{ turnOrder: 1, label: "Turn 1 · content: Which organism?", optionLabels: ["A", "B", "C"], turnType: "content" }],
  existing: null,
  nextHref: "/audits/a1/adjudicate/ai2",
};

const render = (locale: Locale) =>
  renderToString(withIntl(<AdjudicationPanel {...props} />, locale))
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");

describe("the adjudication panel", () => {
  it("gives each reason field an id to mark and focus when a reason is missing", () => {
    const html = render("en");
    for (const id of ["reason-c1", "reason-c2", "adjudication-rationale", "correction-c1", "final-gold", "final-labels"])
      expect(html).toContain(`id="${id}"`);
    // Two reasons, the rationale and the final label's select.
    expect(html.match(/aria-invalid="false"/g)).toHaveLength(4);
  });

  it("shows a conversation's ratings and takes its final labels per turn", () => {
    const categories = [
      { key: "correct", label: "Correct" },
      { key: "incorrect", label: "Incorrect" },
      { key: "uncertain", label: "Uncertain" },
    ];
    const html = renderToString(
      withIntl(
        <AdjudicationPanel
          {...props}
          corrections={[]}
          rubric={[
            { key: "gold@t1", label: "Turn 1 · Gold", categories },
            { key: "gold@t3", label: "Turn 3 · Gold", categories },
          ]}
          raters={[
            { label: "R1", name: "Dr. A", comment: "", ratings: { "gold@t1": "incorrect", "gold@t3": "correct" } },
            { label: "R2", name: "Dr. B", comment: "", ratings: { "gold@t1": "correct", "gold@t3": "correct" } },
          ]}
          majority={{ "gold@t1": "uncertain", "gold@t3": "correct" }}
          // Stored for the whole item before adjudication was per turn: each turn starts from its majority.
          existing={{ finalLabels: { gold: "incorrect", "gold@t3": "incorrect" }, rationale: "r" }}
        />,
        "en",
      ),
    ).replace(/<!-- -->/g, "");
    const row = (key: string) => html.slice(html.indexOf(`data-key="${key}"`), html.indexOf("</tr>", html.indexOf(`data-key="${key}"`)));
    expect(row("gold@t1")).toMatch(/Turn 1 · Gold.*raters differ.*Incorrect.*Correct/);
    expect(row("gold@t3")).not.toContain("raters differ");
    expect(html).not.toContain("—");
    const select = (key: string) =>
      html.slice(html.indexOf(`id="final-${key}"`), html.indexOf("</select>", html.indexOf(`id="final-${key}"`)));
    expect(select("gold@t1")).toContain('aria-label="Final label: Turn 1 · Gold"');
    expect(select("gold@t1")).toMatch(/<option value="uncertain" selected="">Uncertain \(majority\)/);
    expect(select("gold@t3")).toMatch(/<option value="incorrect" selected="">Incorrect</);
  });

  it("reads as before in English", () => {
    const html = render("en");
    for (const text of [
      "Every rater's ratings (revealed for adjudication)",
      'aria-label="Final label: Gold"',
      "Incorrect (majority)",
      "Proposed corrections (2)",
      "New gold answer · Turn 1 · proposed by R1 · Dr. A",
      "New question stem · proposed by R2 · Dr. B",
      "Gold → C. Option C",
      "Rationale: The note says so.",
      "Accept with edits",
      "New question",
      "Reason for this decision",
      "Save adjudication",
      "Next item to adjudicate →",
    ])
      expect(html).toContain(text);
  });

  it("reads in Simplified Chinese, leaving data (names, proposals, labels given) as they are", () => {
    const html = render("zh-CN");
    for (const text of [
      "所有评分者的评分（裁定时公开）",
      'aria-label="最终标签：Gold"',
      "Incorrect（多数）",
      "修正建议（2）",
      "新的标准答案 · 第 1 轮 · 提出人：R1 · Dr. A",
      "标准答案 → C。Option C",
      "理由：The note says so.",
      "修改后接受",
      "新的题目",
      "保存裁定",
    ])
      expect(html).toContain(text);
    expect(html).not.toMatch(/Accept|Reject|Rationale|Save adjudication|proposed by/);
  });
  // A choice made in the server's HTML before hydration would be reset by React and the default
  // saved (e2e/adjudication.spec.ts saved "uncertain" for a chosen "incorrect" once): every control
  // is disabled until React owns the form.
  it("sends its controls disabled, to be enabled once hydrated", () => {
    const html = render("en");
    expect(html).toMatch(/<fieldset id="final-labels"[^>]*disabled=""/);
    for (const id of ["correction-c1", "correction-c2"]) expect(html).toMatch(new RegExp(`<fieldset[^>]*id="${id}"[^>]*disabled=""`));
    expect(html).toMatch(
      /<textarea[^>]*disabled=""[^>]*id="adjudication-rationale"|<textarea[^>]*id="adjudication-rationale"[^>]*disabled=""/,
    );
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Save adjudication/);
  });
});
