/**
 * A small, safe Markdown subset for text organizers write (audit guidelines): headings (#–###),
 * paragraphs, bullet and numbered lists, **bold**, *italic* / _italic_, `code` and
 * [links](https://…). It returns a tree of plain data that a renderer turns into React elements,
 * so no HTML in the text is ever interpreted: "<script>" stays the seven characters it is.
 * Links keep only http(s) and mailto targets; anything else is shown as text.
 */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong" | "em"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: Inline[] };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] };

const SAFE_HREF = /^(https?:\/\/|mailto:)[^\s<>"']+$/i;

export function safeHref(href: string): string | null {
  return SAFE_HREF.test(href.trim()) ? href.trim() : null;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push({ kind: "text", text: plain });
    plain = "";
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    let m: RegExpMatchArray | null;
    if ((m = rest.match(/^`([^`]+)`/))) {
      flush();
      out.push({ kind: "code", text: m[1]! });
    } else if ((m = rest.match(/^\*\*(.+?)\*\*/))) {
      flush();
      out.push({ kind: "strong", children: parseInline(m[1]!) });
    } else if ((m = rest.match(/^(\*|_)(?!\s)(.+?)(?<!\s)\1/))) {
      flush();
      out.push({ kind: "em", children: parseInline(m[2]!) });
    } else if ((m = rest.match(/^\[([^\]]+)\]\(([^)\s]+)\)/))) {
      const href = safeHref(m[2]!);
      if (href) {
        flush();
        out.push({ kind: "link", href, children: parseInline(m[1]!) });
      } else {
        plain += m[0];
      }
    } else {
      plain += text[i];
      i++;
      continue;
    }
    i += m[0].length;
  }
  flush();
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(parseInline) });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    let m: RegExpMatchArray | null;
    if (line === "") {
      endParagraph();
      endList();
    } else if ((m = line.match(/^(#{1,3})\s+(.*)$/))) {
      endParagraph();
      endList();
      blocks.push({ kind: "heading", level: m[1]!.length as 1 | 2 | 3, children: parseInline(m[2]!) });
    } else if ((m = line.match(/^([-*+]|\d{1,3}[.)])\s+(.*)$/))) {
      endParagraph();
      const ordered = /\d/.test(m[1]!);
      if (list && list.ordered !== ordered) endList();
      list ??= { ordered, items: [] };
      list.items.push(m[2]!);
    } else if (list && /^\s{2,}/.test(raw)) {
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}
