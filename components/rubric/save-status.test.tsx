// The words of each save state, in English and Simplified Chinese (server render, UTC clock).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import type { FieldStatus } from "./save-queue-types";
import { SaveStatus } from "./save-status";

const AT = Date.UTC(2031, 7, 18, 14, 2);

function render(status: FieldStatus<unknown>, locale: Locale = "en", subject = "rating for Gold answer") {
  const html = renderToString(
    withIntl(<SaveStatus status={status} hasValue subject={subject} onRetry={() => {}} onUseMine={() => {}} mineLabel="Correct" />, locale),
  );
  return html.replaceAll("<!-- -->", "");
}

describe("SaveStatus", () => {
  it("says when a value was saved, in the configured time zone", () => {
    expect(render({ kind: "saved", at: AT })).toContain("Saved 14:02");
    expect(render({ kind: "saved", at: AT }, "zh-CN")).toContain("已保存 14:02");
    expect(render({ kind: "idle" })).toContain(">Saved<");
  });

  it("offers a retry while a save keeps failing, naming the field", () => {
    const html = render({ kind: "retrying", failures: 2, retryAt: 0, error: "This audit is closed; ratings are locked." });
    expect(html).toContain("Not saved — retrying (2)…");
    expect(html).toContain("(This audit is closed; ratings are locked.)");
    expect(html).toContain('aria-label="Retry saving the rating for Gold answer now"');
    expect(html).toContain(">Retry now<");
    const zh = render({ kind: "retrying", failures: 2, retryAt: 0, error: "网络错误" }, "zh-CN", "“标准答案正确性”的评分");
    expect(zh).toContain("未保存——正在重试（2）…");
    expect(zh).toContain('aria-label="立即重试保存“标准答案正确性”的评分"');
    expect(zh).toContain(">立即重试<");
  });

  it("explains a conflict and offers one's own version back", () => {
    const html = render({ kind: "conflict", at: AT, discarded: "correct" });
    expect(html).toContain("Changed in another tab or window — showing the latest saved value.");
    expect(html).toContain(">Use my version (Correct)<");
    expect(html).toContain('aria-label="Use my version of the rating for Gold answer"');
    const zh = render({ kind: "conflict", at: AT, discarded: "correct" }, "zh-CN");
    expect(zh).toContain("已在其他标签页或窗口中更改——现显示最新保存的内容。");
    expect(zh).toContain(">使用我的版本（Correct）<");
  });

  it("words editing and saving", () => {
    expect(render({ kind: "pending" })).toContain("Editing — saves automatically");
    expect(render({ kind: "saving", failures: 0 }, "zh-CN")).toContain("正在保存…");
  });
});
