// Server-render checks for the note viewer (no DOM library: interactions are not exercised).
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { withIntl } from "@/tests/support/intl";
import { buildDemoNotes } from "./fixtures";
import { NoteViewer } from "./note-viewer";

const render = (node: ReactNode, locale: Locale = "en") => renderToString(withIntl(node, locale));

describe("NoteViewer (server render)", () => {
  const notes = buildDemoNotes();

  it("renders each note with an outline of its sections", () => {
    const html = render(<NoteViewer notes={notes} />);
    expect(html).toContain('aria-label="Note outline"');
    expect(html.match(/<article/g)).toHaveLength(2);
    expect(html.match(/<h4/g)).toHaveLength(notes.reduce((a, n) => a + n.sections.length, 0));
    expect(html).toContain("Brief Hospital Course");
    expect(html).toContain("孕32周，皮肤瘙痒1周，夜间加重。");
    expect(html).toContain('role="search"');
  });

  it("marks evidence sections with text, matched case-insensitively by title", () => {
    const html = render(<NoteViewer notes={notes} highlight={[{ noteNum: 1, sections: ["brief hospital course", "Chief Complaint"] }]} />);
    // Badge in the document plus the marker in the outline, for each of the two sections.
    expect(html.match(/★<\/span>Evidence/g)).toHaveLength(2);
    expect(html.match(/★ Evidence/g)).toHaveLength(2);
  });

  it("advertises the page-wide keys of the record viewer: j / k and /", () => {
    const html = render(<NoteViewer notes={notes} />);
    expect(html).toContain('aria-keyshortcuts="j k"');
    expect(html).toContain("j / k section · / search");
    expect(render(<NoteViewer notes={notes} />, "zh-CN")).toContain("j / k 切换段落 · / 搜索");
  });

  it("renders an empty state", () => {
    expect(render(<NoteViewer notes={[]} />)).toContain("No notes before the decision cutoff.");
  });

  it("names untitled notes and sections in the reader's language", () => {
    const untitled = [{ id: "n", noteNum: 4, chartdate: "2031-06-02", sections: [{ title: "", text: "入院情况：孕32周。" }] }];
    const en = render(<NoteViewer notes={untitled} />).replaceAll("<!-- -->", "");
    expect(en).toContain("Note #4 · 2031-06-02");
    expect(en).toContain("Note 4 · Mon 2 Jun 2031");
    expect(en).toMatch(/<h4[^>]*><span>Text<\/span>/);
    const zh = render(<NoteViewer notes={untitled} highlight={[{ noteNum: 4, sections: [""] }]} />, "zh-CN").replaceAll("<!-- -->", "");
    expect(zh).toContain('aria-label="决策截止时间之前的患者文书"');
    expect(zh).toContain("文书 #4 · 2031-06-02");
    expect(zh).toContain("2031年6月2日");
    expect(zh).toMatch(/<h4[^>]*><span>正文<\/span>/);
    expect(zh).toContain('placeholder="搜索文书…"');
    expect(zh).toContain("入院情况：孕32周。");
    expect(zh).not.toMatch(/Note|Text|Evidence/);
  });
});
