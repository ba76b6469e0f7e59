// The importer's validation of a dataset written as parts (export-parts.ts), split at the
// boundary between its patients part and its items part, for files whose patients never change
// while their items do (the corrected benchmark: lib/server/adjudication/corrected-build.ts).
//
//   digestPatients: validates the layout with the items part empty (the writer's output for no
//     items) and keeps the patients' side of the cross-record rules as the readers hold it when
//     the last patient was read (parts-phase.ts): event ids and times, pregnancy ids and the time
//     kind per patient, note numbers, dates and headers, note ids, counts. Once per dataset.
//   validateWithDigest: validates the layout with the patients part empty, the readers' builders
//     starting from that digest. Costs about the items part.
//
// Both run validateDatasetStream itself (detection, readers, every rule, the issue log), so a
// resumed validation gives what the full one over the joined files gives: the same ok, the same
// issues in the same order with the same fields and lines (a bundle's item lines are moved down
// by the patients part's lines), the same counts (validate-parts.test.ts proves it per layout).
// Only `summary.stats.files` (characters and records read per file) describe what was read.
import type { Chunks } from "./csv";
import { DETECT_HEAD_CHARS } from "./detect";
import { itemsWriter, patientsWriter, writePart, type FileLayout } from "./export-parts";
import { type FormatIssue, located } from "./issues";
import type { FormatId } from "./model";
import { validateDatasetStream, type ParseOptions, type ValidationResult } from "./parse-dataset";
import type { PatientsState } from "./parts-phase";

export interface PatientsDigest {
  /** The layout's format (as written) and the time zone the patients were read in. */
  format: FormatId;
  timeZone: string;
  /** Newlines in the patients part: in a bundle, the items sit that many lines further down. */
  patientsLines: number;
  state: PatientsState;
}

export type DigestResult = { ok: true; digest: PatientsDigest } | { ok: false; issues: FormatIssue[]; total: number };

/** Where the parts' text comes from; each call opens the part afresh. */
export interface PartTexts {
  patients: () => Chunks;
  items: () => Chunks;
}

const newlines = (s: string) => {
  let n = 0;
  for (let k = s.indexOf("\n"); k >= 0; k = s.indexOf("\n", k + 1)) n++;
  return n;
};

async function* joined(parts: readonly (() => Chunks)[]): AsyncGenerator<string> {
  for (const open of parts) yield* open();
}

/** A file of the layout with its parts opened by `patients` / `items`. */
function opener(file: FileLayout, patients: () => Chunks, items: () => Chunks): () => Chunks {
  return () => joined(file.segments.map((s) => (s.kind === "text" ? () => [s.text] : s.kind === "patients" ? patients : items)));
}

/** The first characters of a file as detection reads them (detect.ts), stopping there. */
async function headOf(open: () => Chunks): Promise<string> {
  let head = "";
  for await (const chunk of open()) {
    head += chunk;
    if (head.length >= DETECT_HEAD_CHARS) break;
  }
  return head.slice(0, DETECT_HEAD_CHARS);
}

const emptyPatients = (format: FormatId) => writePart(patientsWriter(format), []);
const emptyItems = (format: FormatId) => writePart(itemsWriter(format, []), []);

/**
 * Validates the patients part once (the layout with no items) and returns what the items'
 * rules need from it. Not ok: the patients part alone has issues (then only a full validation
 * can say what the joined files give; the caller runs that).
 */
export async function digestPatients(
  layout: readonly FileLayout[],
  format: FormatId,
  patients: () => Chunks,
  options: ParseOptions = {},
): Promise<DigestResult> {
  let state: PatientsState | undefined;
  let lines = 0;
  const counted = async function* (): AsyncGenerator<string> {
    lines = 0;
    for await (const chunk of patients()) {
      lines += newlines(chunk);
      yield chunk;
    }
  };
  const items = emptyItems(format);
  const validated = await validateDatasetStream(
    layout.map((f) => ({ name: f.name, open: opener(f, counted, () => [items]) })),
    options,
    { kind: "digest", keep: (s) => (state = s) },
  );
  if (!validated.ok) return validated;
  if (!state) throw new Error(`digestPatients: the ${validated.summary.format} reader kept no patients state`);
  if (validated.summary.format !== format)
    return {
      ok: false,
      issues: [
        located(
          { file: layout[0]!.name, field: "(format)" },
          { code: "formats.readAs", values: { found: validated.summary.format, format } },
        ),
      ],
      total: 1,
    };
  return { ok: true, digest: { format, timeZone: options.timeZone ?? "UTC", patientsLines: lines, state } };
}

/**
 * The importer's validation of the joined files, reading only the items part (and the first
 * characters of the patients part, for detection) against the patients' digest.
 */
export async function validateWithDigest(
  layout: readonly FileLayout[],
  digest: PatientsDigest,
  parts: PartTexts,
  options: ParseOptions = {},
): Promise<ValidationResult> {
  if ((options.timeZone ?? "UTC") !== digest.timeZone)
    throw new Error(`validateWithDigest: digest read in ${digest.timeZone}, asked for ${options.timeZone ?? "UTC"}`);
  const empty = emptyPatients(digest.format);
  const files = await Promise.all(
    layout.map(async (f) => ({
      name: f.name,
      open: opener(f, () => [empty], parts.items),
      head: await headOf(opener(f, parts.patients, parts.items)),
    })),
  );
  const validated = await validateDatasetStream(files, options, { kind: "resume", state: digest.state });
  if (validated.ok) return validated;
  // Lines after the patients part of a file that has both parts (a bundle) were counted without it.
  for (const f of layout) {
    const at = f.segments.findIndex((s) => s.kind === "patients");
    if (at < 0 || !f.segments.some((s) => s.kind === "items")) continue;
    const before = f.segments.slice(0, at).reduce((n, s) => n + (s.kind === "text" ? newlines(s.text) : 0), 0);
    const threshold = before + newlines(empty);
    const shift = digest.patientsLines - newlines(empty);
    for (const issue of validated.issues)
      if (issue.file === f.name && issue.line !== undefined && issue.line > threshold) issue.line += shift;
  }
  return validated;
}
