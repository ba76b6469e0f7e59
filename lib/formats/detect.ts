// Format detection from file names and the first few KB of each file. Content
// wins over names where it is unambiguous (a CSV header, a bundle's `format`),
// because uploads get renamed ("questions (1).csv").
import type { DomainCode, DomainMessage, DomainValues } from "../i18n/domain";
import type { FormatId } from "./model";

export type FileRole = "bundle" | "patients" | "instances" | "notes" | "questions" | "ehrnoteqa" | "discharge" | "fhir";

/** Roles one upload has at most one file of (a FHIR import may have any number of FHIR files). */
const ROLES: readonly FileRole[] = ["bundle", "patients", "instances", "notes", "questions", "ehrnoteqa", "discharge"];

/** A FHIR R4 file: a Bundle (`.json`) or NDJSON of resources (`$export` output, one resource a line). */
function isFhir(name: string, head: string, firstLine: string): boolean {
  if (name.endsWith(".ndjson") || name.endsWith(".jsonl"))
    return (
      /^\{\s*"resourceType"\s*:/.test(firstLine) || (/"resourceType"\s*:/.test(firstLine) && !/"(patient_id|instance_id)"/.test(firstLine))
    );
  return /"resourceType"\s*:\s*"Bundle"/.test(head);
}

export interface DetectInput {
  name: string;
  /** The first few KB of the file. */
  head: string;
}

/** Why a file given was not read: empty, or a header or content no file of the layout has. */
export type IgnoredKey = "empty" | "csvHeader" | "content";

/** A file given but not read, with the reason (English for the command line; `key` + `detail` for the interface). */
export interface IgnoredFile {
  name: string;
  reason: string;
  key?: IgnoredKey;
  detail?: Record<string, string>;
}

export type Detection =
  | { ok: true; format: FormatId; files: { name: string; role: FileRole }[]; ignored: IgnoredFile[] }
  | { ok: false; said: DomainMessage };

/** How many characters of each file detection wants to see. */
export const DETECT_HEAD_CHARS = 8192;

// A `.gz` reaches detection decompressed (the file opener inflates it as it streams): it is
// classified by the name it has inside (Bulk Data servers write `Condition.000.ndjson.gz`).
const basename = (name: string) => (name.split(/[\\/]/).pop() ?? name).toLowerCase().replace(/\.gz$/, "");

function csvHeader(head: string): string[] {
  const first = head.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return first.split(",").map((h) => h.trim().replace(/^"(.*)"$/, "$1"));
}

type Guess = { role: FileRole; format?: FormatId } | undefined;

function classify(file: DetectInput): Guess {
  const name = basename(file.name);
  const head = file.head.replace(/^\uFEFF/, "").trimStart();
  const firstLine = head.split(/\r?\n/, 1)[0] ?? "";
  const has = (key: string, text = head) => text.includes(`"${key}"`);
  if (isFhir(name, head, firstLine)) return { role: "fhir", format: "fhir-r4" };

  if (name.endsWith(".csv")) {
    const cols = csvHeader(head);
    if (cols.includes("turn_type") && cols.includes("qa_category")) return { role: "questions" };
    if (cols.includes("note_num") && cols.includes("text")) return { role: "notes" };
    // MIMIC-IV-Note discharge.csv: note_id,subject_id,hadm_id,note_type,note_seq,charttime,storetime,text
    if (cols.includes("note_type") && cols.includes("charttime") && cols.includes("text")) return { role: "discharge" };
    if (name.endsWith("questions.csv")) return { role: "questions" };
    if (name.endsWith("notes.csv")) return { role: "notes" };
    return undefined;
  }
  // A JSON bundle declares its `format` first; a bundle without it is
  // recognized by its top-level arrays. Anything else falls to the JSONL rules.
  const bundleFormat = /"format"\s*:\s*"(ehr-decision-mcq|notes-chatqa)"/.exec(head)?.[1];
  const looksJsonl = name.endsWith(".jsonl") || name.endsWith(".ndjson");
  if (!looksJsonl && bundleFormat)
    return { role: "bundle", format: bundleFormat === "notes-chatqa" ? "notes-chatqa-json" : "ehr-decision-mcq-json" };
  if (!looksJsonl && name.endsWith(".json")) {
    if (has("instances") && has("patients")) return { role: "bundle", format: "ehr-decision-mcq-json" };
    if (has("conversations")) return { role: "bundle", format: "notes-chatqa-json" };
  }
  if (name.endsWith("patients.jsonl")) return { role: "patients" };
  if (name.endsWith("instances.jsonl")) return { role: "instances" };
  if (has("choice_A", firstLine) && has("patient_id", firstLine)) return { role: "ehrnoteqa" };
  if (has("instance_id", firstLine) && has("cutoff", firstLine)) return { role: "instances" };
  if (has("patient_id", firstLine) && has("events", firstLine)) return { role: "patients" };
  return undefined;
}

const refused = (code: DomainCode, values?: DomainValues): Detection => ({ ok: false, said: values ? { code, values } : { code } });

/** Why `file`, which no rule recognised, is left out of an upload of `format`. */
function ignoredFile(file: DetectInput, format: FormatId): IgnoredFile {
  const { name } = file;
  if (file.head.replace(/^\uFEFF/, "").trim() === "") return { name, key: "empty", reason: "the file is empty", detail: {} };
  if (basename(name).endsWith(".csv")) {
    const cols = csvHeader(file.head);
    const header = cols.slice(0, 6).join(", ") + (cols.length > 6 ? ", …" : "");
    return {
      name,
      key: "csvHeader",
      reason: `a table whose header (${header}) is not that of any file of the ${format} layout`,
      detail: { format, header },
    };
  }
  return {
    name,
    key: "content",
    reason: `neither its name nor its first record is that of a file of the ${format} layout`,
    detail: { format },
  };
}

export function detectFormat(files: readonly DetectInput[], chosen?: FormatId): Detection {
  if (files.length === 0) return refused("formats.noFiles");
  const roles: { name: string; role: FileRole; format?: FormatId }[] = [];
  const unread: DetectInput[] = [];
  for (const f of files) {
    // Chosen as FHIR: every file is a FHIR file except the items.
    const g =
      chosen === "fhir-r4"
        ? classify(f)?.role === "instances"
          ? { role: "instances" as const }
          : { role: "fhir" as const, format: "fhir-r4" as const }
        : classify(f);
    if (g) roles.push({ name: f.name, ...g });
    else unread.push(f);
  }
  const count = (r: FileRole) => roles.filter((x) => x.role === r).length;
  for (const r of ROLES)
    if (count(r) > 1)
      return refused("formats.moreThanOne", {
        role: r,
        files: roles
          .filter((x) => x.role === r)
          .map((x) => x.name)
          .join(", "),
      });

  const pick = (format: FormatId, allowed: FileRole[]): Detection => {
    const stray = roles.filter((x) => !allowed.includes(x.role));
    if (stray.length > 0) return refused("formats.cannotCombine", { files: stray.map((x) => x.name).join(", "), format });
    const ignored = unread.map((f) => ignoredFile(f, format));
    return { ok: true, format, files: roles.map(({ name, role }) => ({ name, role })), ignored };
  };
  if (count("fhir")) return pick("fhir-r4", ["fhir", "instances"]);
  if (chosen && chosen !== "fhir-r4") {
    const found = roles.find((x) => x.format)?.format ?? (count("patients") || count("instances") ? "ehr-decision-mcq-jsonl" : undefined);
    if (found && found !== chosen) return refused("formats.notChosen", { found, chosen });
  }
  const bundle = roles.find((x) => x.role === "bundle");
  if (bundle?.format) return pick(bundle.format, ["bundle"]);
  if (count("patients") || count("instances")) return pick("ehr-decision-mcq-jsonl", ["patients", "instances"]);
  if (count("ehrnoteqa")) {
    if (count("notes") && count("discharge")) return refused("formats.notesAndDischarge");
    return pick("ehrnoteqa-jsonl", ["ehrnoteqa", "notes", "discharge"]);
  }
  if (count("questions")) return pick("ehrnote-chatqa-csv", ["questions", "notes"]);
  if (count("discharge")) return refused("formats.dischargeAlone", { file: String(roles.find((x) => x.role === "discharge")?.name) });
  if (count("notes")) return refused("formats.notesAlone");
  return refused("formats.unrecognized", { files: unread.map((f) => f.name).join(", ") });
}
