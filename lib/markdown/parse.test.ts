import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "./parse";

describe("parseMarkdown", () => {
  it("reads headings, paragraphs and both kinds of lists", () => {
    const blocks = parseMarkdown(
      "# Rating the gold\n\nRead the record **up to the cutoff**.\nThen decide.\n\n- one\n- two\n  continued\n\n1. first\n2) second",
    );
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "list", "list"]);
    expect(blocks[1]).toEqual({
      kind: "paragraph",
      children: [
        { kind: "text", text: "Read the record " },
        { kind: "strong", children: [{ kind: "text", text: "up to the cutoff" }] },
        { kind: "text", text: ". Then decide." },
      ],
    });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: "one" }], [{ text: "two continued" }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, items: [[{ text: "first" }], [{ text: "second" }]] });
  });

  it("never interprets HTML: it stays text", () => {
    const blocks = parseMarkdown('<script>alert(1)</script> <img src=x onerror="alert(1)">');
    expect(blocks).toEqual([
      { kind: "paragraph", children: [{ kind: "text", text: '<script>alert(1)</script> <img src=x onerror="alert(1)">' }] },
    ]);
  });

  it("keeps only http(s) and mailto links", () => {
    expect(parseInline("[ok](https://example.org/a)")).toEqual([
      { kind: "link", href: "https://example.org/a", children: [{ kind: "text", text: "ok" }] },
    ]);
    expect(parseInline("[x](javascript:alert(1))")).toEqual([{ kind: "text", text: "[x](javascript:alert(1))" }]);
    expect(safeHref("data:text/html,<b>")).toBeNull();
    expect(safeHref("mailto:lead@example.org")).toBe("mailto:lead@example.org");
  });

  it("reads emphasis and code, and leaves a lone asterisk alone", () => {
    expect(parseInline("*a* _b_ `c*d` 2 * 3")).toEqual([
      { kind: "em", children: [{ kind: "text", text: "a" }] },
      { kind: "text", text: " " },
      { kind: "em", children: [{ kind: "text", text: "b" }] },
      { kind: "text", text: " " },
      { kind: "code", text: "c*d" },
      { kind: "text", text: " 2 * 3" },
    ]);
  });

  it("handles Chinese text like any other", () => {
    expect(parseMarkdown("## 评分说明\n请只阅读**截止时间之前**的病历。")).toEqual([
      { kind: "heading", level: 2, children: [{ kind: "text", text: "评分说明" }] },
      {
        kind: "paragraph",
        children: [
          { kind: "text", text: "请只阅读" },
          { kind: "strong", children: [{ kind: "text", text: "截止时间之前" }] },
          { kind: "text", text: "的病历。" },
        ],
      },
    ]);
  });
});
