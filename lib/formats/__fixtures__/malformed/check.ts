// Runs a malformed case through the real entry points and lists what is wrong with the answer:
// accepted, the expected issue missing, or any issue without a location.
import { StringDecoder } from "node:string_decoder";
import { isDeepStrictEqual } from "node:util";
import type { FormatIssue } from "../../issues";
import { parseDataset, validateDatasetStream } from "../../parse-dataset";
import type { Case } from "./case";

/** Chunks as a file read with `encoding: "utf8"` gives them: bytes decoded by a StringDecoder. */
export async function* decodeChunks(data: string | Uint8Array, size: number): AsyncGenerator<string> {
  if (typeof data === "string") {
    for (let i = 0; i < data.length; i += size) yield data.slice(i, i + size);
    return;
  }
  const decoder = new StringDecoder("utf8");
  for (let i = 0; i < data.length; i += size) {
    const s = decoder.write(Buffer.from(data.subarray(i, i + size)));
    if (s) yield s;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

const openers = (c: Case, size: number) => Object.entries(c.files).map(([name, data]) => ({ name, open: () => decodeChunks(data, size) }));

/** Pseudo-fields of problems with no line: the upload as a whole, or a missing file. */
const UNLOCATED_FIELDS = new Set(["(format)", "(file)"]);

/** What is wrong with how `issues` report `c` (empty: rejected, located, as expected). */
export function complaints(c: Case, issues: readonly FormatIssue[]): string[] {
  const out: string[] = [];
  if (issues.length === 0) out.push("accepted");
  const e = c.expected;
  const hit = issues.some(
    (i) =>
      i.file === e.file &&
      i.field === e.field &&
      (e.line === undefined || i.line === e.line) &&
      (e.record === undefined || i.record === e.record) &&
      (e.message === undefined || e.message.test(i.message)),
  );
  if (!hit) out.push(`no issue at ${JSON.stringify({ ...e, message: e.message?.source })}`);
  const names = Object.keys(c.files);
  for (const i of issues) {
    // "(file)" may name a file that is missing from the upload.
    const located =
      (names.includes(i.file) || i.field === "(file)") &&
      i.field !== "" &&
      i.message !== "" &&
      (UNLOCATED_FIELDS.has(i.field) || (Number.isInteger(i.line) && i.line! >= 1));
    if (!located) out.push(`unlocated issue ${JSON.stringify(i)}`);
  }
  return out;
}

export function describeFailure(c: Case, problems: string[], issues: readonly FormatIssue[]): string {
  return `${c.label}: ${problems.join("; ")}\nissues: ${JSON.stringify(issues.slice(0, 8), null, 1)}`;
}

/**
 * Pass 1 of the streamed import (what importDataset runs) must reject the case as expected;
 * with `crossCheck`, parseDataset must report exactly the same issues.
 */
export async function checkRejected(c: Case, chunkSize: number, crossCheck = false): Promise<void> {
  const v = await validateDatasetStream(openers(c, chunkSize));
  const issues = v.ok ? [] : v.issues;
  const problems = complaints(c, issues);
  if (problems.length > 0) throw new Error(describeFailure(c, problems, issues));
  if (!crossCheck) return;
  const p = await parseDataset(openers(c, chunkSize).map((f) => ({ name: f.name, chunks: f.open() })));
  const again = p.ok ? [] : p.issues;
  if (!isDeepStrictEqual(again, issues))
    throw new Error(
      `${c.label}: parseDataset and validateDatasetStream disagree\n${JSON.stringify([again.slice(0, 4), issues.slice(0, 4)])}`,
    );
}
