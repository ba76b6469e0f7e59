import type { FormatIssue } from "../../lib/formats/issues";

/** One located problem as the command line prints it: "file:line: field: message". */
export function locatedIssue(i: FormatIssue): string {
  const where = i.line ? `${i.file}:${i.line}` : i.record !== undefined ? `${i.file} record ${i.record}` : i.file;
  return `${where}: ${i.field}: ${i.message}`;
}
