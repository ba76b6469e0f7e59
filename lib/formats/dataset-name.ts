// Client-safe. The name a browser upload is given before the organizer edits it: the benchmark's
// own name (a bundle's "dataset": {"name"}), else the folder the files came from, else what their
// names share once the layout's generic words are gone — never "patients.jsonl", which is what the
// import used to fall back on and what then reached the appendix paragraph.
import { lineName } from "@/lib/schemas/text";

/** The longest dataset name stored (a Dataset row, the paragraph, file names of the exports). */
export const DATASET_NAME_MAX = 160;

/** One line, 1–160 characters, no control characters; the upload route and form share it. */
export const datasetNameSchema = lineName(DATASET_NAME_MAX, "datasets.upload.errors.nameRequired", "datasets.upload.errors.badName");

/** File stems that name a part of a layout, not a benchmark. */
const GENERIC = new Set(
  "patients patient instances instance items questions question notes note events conversations answers predictions bundle bundles data dataset export records observations encounters conditions medications procedures diagnosticreports documentreferences all test train dev valid validation".split(
    " ",
  ),
);
const EXTENSIONS = /(\.(json|jsonl|ndjson|csv|txt))?(\.gz)?$/i;

export interface ChosenFile {
  name: string;
  /** The path below the chosen folder ("pregbench/patients.jsonl"), when a folder was chosen. */
  relativePath?: string;
}

/** The benchmark name inside the first bytes of a bundle, or undefined. */
export function nameInBundleHead(head: string): string | undefined {
  const match = /"dataset"\s*:\s*\{[^{}]*?"name"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(head);
  if (!match) return undefined;
  try {
    return clean(JSON.parse(match[1]!) as string);
  } catch {
    return undefined;
  }
}

/** A name for files chosen together, from the bundle head if known; "" when nothing fits. */
export function suggestDatasetName(files: readonly ChosenFile[], bundleName?: string): string {
  const fromBundle = bundleName && clean(bundleName);
  if (fromBundle) return fromBundle;
  const folder = files.map((f) => f.relativePath?.split("/").filter(Boolean)).find((parts) => parts && parts.length > 1)?.[0];
  if (folder) return clean(folder);
  const stems = files.map((f) => stemWords(f.name)).filter((words) => words.length > 0);
  if (stems.length === 0) return "";
  // What every non-generic file name shares, word by word from the start.
  const shared: string[] = [];
  for (let i = 0; stems.every((w) => w[i] !== undefined && w[i] === stems[0]![i]); i++) shared.push(stems[0]![i]!);
  return clean(shared.join("-"));
}

/** A file name's words, the generic ones and the extension left out. */
function stemWords(fileName: string): string[] {
  return fileName
    .replace(EXTENSIONS, "")
    .split(/[-_.\s]+/)
    .filter((w) => w && !GENERIC.has(w.toLowerCase()));
}

function clean(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters replaced
  const line = [...s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim()];
  return line.slice(0, DATASET_NAME_MAX).join("").trim();
}
