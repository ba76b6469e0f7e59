// Helpers shared by both JSON bundle readers: parse with a located syntax
// error, and back-fill line numbers on the issues reported against the bundle.
import { IssueLog, type FormatIssue } from "./issues";
import { locateLines, syntaxErrorLine } from "./json-locate";
import { jsonTooDeepAt, lineColumnAt, tooDeepMessage } from "./reader-limits";

export function parseBundleText(text: string, file: string, log: IssueLog): unknown {
  // Refused before parsing: the tree would overflow the stack of every recursive walk after it.
  const deep = jsonTooDeepAt(text);
  if (deep !== null) {
    const { line, column } = lineColumnAt(text, deep);
    log.add({ file, line, field: "(json)", message: tooDeepMessage(column) });
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const message = (e as Error).message;
    const issue: FormatIssue = { file, field: "(json)", message: `invalid JSON: ${message}` };
    const line = syntaxErrorLine(text, message);
    if (line !== undefined) issue.line = line;
    log.add(issue);
    return undefined;
  }
}

/** Adds `line` to this file's issues (only the kept ones: the log is capped). */
export function resolveBundleLines(text: string, file: string, log: IssueLog): void {
  const pending = log.issues.filter((i) => i.file === file && i.line === undefined);
  if (pending.length === 0) return;
  const lines = locateLines(text, pending.map((i) => i.field));
  for (const issue of pending) {
    const line = lines.get(issue.field);
    if (line !== undefined) issue.line = line;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
