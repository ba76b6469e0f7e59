// Markdown primitives shared by the report, the change log and the revision summary. Pure.

/** Text safe inside a table cell or a line: Markdown punctuation escaped, line breaks flattened. */
export function mdText(s: string): string {
  return s.replace(/[\r\n]+/g, " ").replace(/([\\`*_[\]<>|#])/g, "\\$1");
}

/** Text as an inline code span: a backtick would end the span, so it becomes "'". */
export function mdCode(s: string): string {
  return `\`${s.replace(/`/g, "'")}\``;
}

export function mdTable(header: readonly string[], align: readonly ("l" | "r")[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(align.map((a) => (a === "r" ? "---:" : "---"))), ...rows.map(line)];
}
