// The help behind "?" lists every key the case page answers to, in both languages (issue 35: it
// left out f, u / Ctrl+Z, g, j / k and /).
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { ShortcutLegend } from "./shortcut-legend";

const help = (locale: Locale, readOnly = false, helpOpen = true) =>
  renderToString(withIntl(<ShortcutLegend helpOpen={helpOpen} onToggleHelp={() => {}} readOnly={readOnly} />, locale));
const keys = (html: string) => [...html.matchAll(/<kbd[^>]*>([^<]*)<\/kbd>/g)].map((m) => m[1]);

describe("ShortcutLegend help", () => {
  it("lists the flag, undo, guidelines, record and search keys", () => {
    const html = help("en");
    for (const key of ["f", "u", "Ctrl+Z", "g", "j", "k", "/", "n", "c", "?"]) expect(keys(html)).toContain(key);
    for (const text of ["Flag or unflag for discussion", "Undo your last change", "guidelines", "Next / previous day", "Search the record"])
      expect(html).toContain(text);
  });

  it("reads in Chinese", () => {
    const html = help("zh-CN");
    for (const text of ["为当前维度选择一个类别", "标记或取消标记待讨论", "撤销", "指南", "搜索"]) expect(html).toContain(text);
  });

  it("leaves out what a closed audit cannot do", () => {
    const html = help("en", true);
    for (const key of ["f", "u", "c", "1"]) expect(keys(html)).not.toContain(key);
    expect(keys(html)).toContain("/");
  });

  it("mounts the help only while it is open (every next case would mount it closed)", () => {
    const html = help("en", false, false);
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain("<dl");
    expect(html).not.toContain("Undo your last change");
    // The one-line legend is still there.
    expect(keys(html)).toContain("n");
  });
});
