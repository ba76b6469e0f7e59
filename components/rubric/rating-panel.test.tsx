// Server-render smoke test (no DOM library is installed): the markup carries
// the radio semantics, shortcut digits, summary and the read-only lock.
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_RUBRIC, localizeRubric } from "@/lib/audits/rubric";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { RatingPanel, type RatingPanelProps } from "./rating-panel";
import type { ReviewActions } from "./types";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
}));

const actions: ReviewActions = {
  saveRating: vi.fn(async (i) => ({
    ok: true as const,
    data: { dimension: i.dimension, category: i.category, version: i.expectedVersion + 1 },
  })),
  saveComment: vi.fn(async (i) => ({ ok: true as const, data: { comment: i.comment, version: i.expectedVersion + 1 } })),
  saveCorrection: vi.fn(async (i) => ({
    ok: true as const,
    data: i.correction && { ...i.correction, turnOrder: i.turnOrder, version: i.expectedVersion + 1 },
  })),
};

const categories = [
  { key: "correct", label: "Correct" },
  { key: "incorrect", label: "Incorrect", description: "The gold answer is wrong." },
  { key: "uncertain", label: "Uncertain" },
];

function render(over: Partial<RatingPanelProps> = {}, locale: Locale = "en") {
  const panel = (
    <RatingPanel
      assignmentId="asg-1"
      rubric={[
        { key: "gold", label: "Gold answer", question: "Is the keyed answer correct?", categories },
        { key: "stem", label: "Stem clarity", categories },
      ]}
      ratings={[{ dimension: "gold", category: "incorrect", version: 3 }]}
      comment={{ comment: "Dose is outdated", version: 1 }}
      corrections={[{ id: "c1", kind: "GOLD", turnOrder: 0, proposal: "Option C", newGold: "C", rationale: "2024 guideline", version: 1 }]}
      optionLabels={["A", "B", "C", "D"]}
      actions={actions}
      nextHref="/review/asg-2"
      {...over}
    />
  );
  return renderToString(withIntl(panel, locale));
}

describe("RatingPanel (server render)", () => {
  it("renders each dimension as a fieldset of radio cards with shortcut digits", () => {
    const html = render();
    expect(html.match(/<fieldset/g)).toHaveLength(2);
    expect(html).toContain("<span>Gold answer</span>");
    expect(html).toContain("Is the keyed answer correct?");
    expect(html.match(/type="radio"/g)).toHaveLength(6);
    for (const [digit, label] of [
      ["1", "Correct"],
      ["2", "Incorrect"],
      ["3", "Uncertain"],
    ]) {
      expect(html).toMatch(new RegExp(`aria-keyshortcuts="${digit}"`));
      expect(html).toMatch(new RegExp(`>${digit}</kbd>.*?>${label}</span>`, "s"));
    }
    expect(html).toContain("The gold answer is wrong.");
  });

  it("marks the saved choice with a check and text, and the first unrated dimension as active", () => {
    const html = render();
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html).toContain("✓ Selected");
    expect(html.match(/data-active="true"/g)).toHaveLength(1);
    expect(html.indexOf('data-active="true"')).toBeGreaterThan(html.indexOf("<span>Gold answer</span>"));
    expect(html).toContain(">Active<");
  });

  it("shows the summary, the shortcut legend, the comment and saved corrections", () => {
    const html = render();
    expect(html).toMatch(/<strong>1 of 2<\/strong> dimensions rated/);
    expect(html).toContain("Skip to next item");
    expect(html).toContain('href="/review/asg-2"');
    expect(html).toContain("Keys:");
    expect(html).toContain("All shortcuts (?)");
    expect(html).toContain("Dose is outdated</textarea>");
    expect(html).toContain("Propose a correction");
    expect(html).toContain("New gold: C");
    expect(html).not.toContain("This audit is closed");
  });

  it("offers a clear Next item (n) when every dimension is rated", () => {
    const html = render({
      ratings: [
        { dimension: "gold", category: "correct", version: 1 },
        { dimension: "stem", category: "uncertain", version: 1 },
      ],
    });
    expect(html).toMatch(/2 of 2/);
    expect(html).toMatch(/Next item<!-- --> <kbd[^>]*>\(n\)<\/kbd>/);
  });

  it("read-only: locks every control and says why", () => {
    const html = render({ readOnly: true });
    expect(html).toContain("This audit is closed; ratings are locked.");
    expect(html.match(/type="radio"[^>]*disabled=""/g)).toHaveLength(6);
    expect(html).toMatch(/<textarea[^>]*readOnly=""/);
    expect(html).not.toContain("Save correction");
    expect(html).not.toContain(">Withdraw<");
  });

  it("has a polite live region and no save activity before hydration", () => {
    const html = render();
    expect(html).toMatch(/aria-live="polite"/);
    expect(html).not.toContain("Saving…");
    expect(actions.saveRating).not.toHaveBeenCalled();
  });
});

describe("RatingPanel on a conversation (server render)", () => {
  const turns = [
    {
      turnOrder: 1,
      label: "Turn 1 · content: What organism was identified?",
      optionLabels: ["A", "B", "C", "D", "E"],
      turnType: "content" as const,
    },
    { turnOrder: 2, label: "Turn 2 · source: What exact source(s)…", optionLabels: ["A", "B", "C", "D", "E"], turnType: "source" as const },
  ];
  const gold = (turnOrder: number, newGold: string) => ({
    id: `c${turnOrder}`,
    kind: "GOLD" as const,
    turnOrder,
    proposal: `Option ${newGold}`,
    newGold,
    rationale: "culture report",
    version: 1,
  });

  it("lists corrections of one kind on two turns, each named by its turn, and asks for a turn", () => {
    const html = render({ optionLabels: ["A", "B", "C", "D", "E"], turns, corrections: [gold(1, "A"), gold(2, "D")] });
    expect(html).toContain("New gold answer · Turn 1");
    expect(html).toContain("New gold answer · Turn 2");
    expect(html).toContain("Turn 1 · content: What organism was identified?");
    expect(html).toContain('aria-label="Edit New gold answer (turn 2) correction"');
    expect(html).toContain("New gold: D");
    expect(html).toContain("2 proposed");
    expect(html).toMatch(/<label[^>]*>Turn<\/label>/);
    expect(html).toContain("Choose a turn…");
    expect(html).toContain("New gold answer (proposed: turn 1, 2)");
  });

  it("has no turn picker for decision-point items", () => {
    expect(render()).not.toContain("Choose a turn…");
  });
});

describe("RatingPanel in Simplified Chinese (server render)", () => {
  const zhRubric = localizeRubric(DEFAULT_RUBRIC, "zh-CN");

  it("shows the rubric, summary, legend, comment and corrections in Chinese; keys stay the same", () => {
    const html = render({ rubric: zhRubric, ratings: [{ dimension: "gold", category: "incorrect", version: 3 }] }, "zh-CN").replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toContain("<span>标准答案正确性</span>");
    expect(html).toContain("根据决策点之前的病历，指定的标准答案是否正确？");
    expect(html).toMatch(/>1<\/kbd>.*?>正确<\/span>/s);
    expect(html).toContain('value="incorrect"');
    expect(html).toContain("✓ 已选");
    expect(html).toContain(">当前<");
    expect(html).toContain('aria-label="您的评分"');
    expect(html).toMatch(/已评 <strong>1 \/ 2<\/strong> 个维度/);
    expect(html).toContain("跳到下一题");
    expect(html).toContain("快捷键：");
    expect(html).toContain("全部快捷键 (?)");
    // The one-line legend; the full help is mounted only when opened (shortcut-legend.test.tsx).
    expect(html).toMatch(/>9<\/kbd><\/span><span>评分<\/span>/);
    expect(html).toContain("已保存");
    expect(html).toContain("输入时自动保存。按 c 跳到此处，按 Esc 离开。");
    expect(html).toContain("提出修改建议");
    expect(html).toContain("（可选，已提出 1 项）");
    expect(html).toContain("新标准答案：C");
    expect(html).toContain("理由：2024 guideline");
    expect(html).toContain('aria-label="编辑“修改标准答案”建议"');
    expect(html).toContain("修改标准答案（已提出）");
    expect(html).toContain("修改类型");
    expect(html).toContain("修改后的题干");
  });

  it("read-only: says the audit is closed in Chinese", () => {
    const html = render({ readOnly: true }, "zh-CN");
    expect(html).toContain("该审核任务已关闭，评分已锁定。");
    expect(html).toContain("评论已锁定。");
  });

  it("names conversation turns in Chinese", () => {
    const turns = [
      { turnOrder: 2, label: "第 2 轮 · 来源题：What exact source(s)…", optionLabels: ["A", "B"], turnType: "source" as const },
    ];
    const html = render(
      {
        optionLabels: ["A", "B"],
        turns,
        corrections: [{ id: "c2", kind: "GOLD", turnOrder: 2, proposal: "Option B", newGold: "B", rationale: "r", version: 1 }],
      },
      "zh-CN",
    ).replaceAll("<!-- -->", "");
    expect(html).toContain("修改标准答案 · 第 2 轮");
    expect(html).toContain("选择轮次…");
    expect(html).toContain("修改标准答案（已提出：第 2 轮）");
  });
});
