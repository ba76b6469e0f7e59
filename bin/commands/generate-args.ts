// The options of `clinaudit generate` (bin/commands/generate.ts): usage text and parsing.
import type { Lang } from "@/lib/synth/lang";

export const GENERATE_USAGE = `Usage: clinaudit generate --out DIR [options]

  --kind ehr|notes       benchmark family (default ehr): ehr-decision-mcq or notes-chatqa
                         (--kind predictions: synthetic model predictions for a benchmark,
                         see clinaudit generate --kind predictions --help)
  --size demo|full       demo (small) or full (published size; default demo)
  --seed S               seed; the same seed gives byte-identical files (default "clinaudit")
  --language en|zh       record language for --kind ehr (default en)
  --patients N           override the number of patients of the size
  --flaw-rate R          fraction of items with a planted flaw (default 0.08)
  --jsonl                (ehr) write patients.jsonl + instances.jsonl instead of one JSON bundle
  --format fhir          (ehr) the histories as FHIR R4 NDJSON, one file per resource type as
                         a bulk $export writes them, + instances.jsonl citing the resources
  --format fhir-bundle   (ehr) the histories as one FHIR R4 collection Bundle + instances.jsonl
  --csv                  (notes) write notes.csv + questions.csv like the real release
  --out DIR              output folder (created if missing)
`;

export interface Args {
  kind: "ehr" | "notes";
  size: "demo" | "full";
  seed: string;
  language: Lang;
  out: string;
  jsonl: boolean;
  csv: boolean;
  fhir?: "ndjson" | "bundle";
  patients?: number;
  flawRate?: number;
}

export class UsageError extends Error {}

export function parseArgs(argv: string[]): Args | "help" {
  const a: Partial<Args> & { jsonl: boolean; csv: boolean } = { jsonl: false, csv: false };
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    const [name, inline] = flag.includes("=") ? [flag.slice(0, flag.indexOf("=")), flag.slice(flag.indexOf("=") + 1)] : [flag, undefined];
    const take = (): string => {
      if (inline !== undefined) return inline;
      const v = value(i, name);
      i++;
      return v;
    };
    switch (name) {
      case "--help":
      case "-h":
        return "help";
      case "--kind": {
        const v = take();
        if (v !== "ehr" && v !== "notes") throw new UsageError(`--kind must be ehr or notes, got "${v}"`);
        a.kind = v;
        break;
      }
      case "--size": {
        const v = take();
        if (v !== "demo" && v !== "full") throw new UsageError(`--size must be demo or full, got "${v}"`);
        a.size = v;
        break;
      }
      case "--seed":
        a.seed = take();
        break;
      case "--language": {
        const v = take();
        if (v !== "en" && v !== "zh") throw new UsageError(`--language must be en or zh, got "${v}"`);
        a.language = v;
        break;
      }
      case "--out":
        a.out = take();
        break;
      case "--patients": {
        const n = Number(take());
        if (!Number.isInteger(n) || n < 1) throw new UsageError("--patients must be a positive integer");
        a.patients = n;
        break;
      }
      case "--flaw-rate": {
        const r = Number(take());
        if (!(r >= 0 && r <= 1)) throw new UsageError("--flaw-rate must be between 0 and 1");
        a.flawRate = r;
        break;
      }
      case "--jsonl":
        a.jsonl = true;
        break;
      case "--csv":
        a.csv = true;
        break;
      case "--format": {
        const v = take();
        if (v !== "fhir" && v !== "fhir-bundle" && v !== "native")
          throw new UsageError(`--format must be native, fhir or fhir-bundle, got "${v}"`);
        if (v !== "native") a.fhir = v === "fhir" ? "ndjson" : "bundle";
        break;
      }
      default:
        throw new UsageError(`unknown option "${flag}"`);
    }
  }
  if (!a.out) throw new UsageError("--out DIR is required");
  const kind = a.kind ?? "ehr";
  if (kind === "notes" && a.language === "zh") throw new UsageError("--language zh is only available for --kind ehr");
  if (kind === "ehr" && a.csv) throw new UsageError("--csv is only available for --kind notes");
  // notes-chatqa has no JSONL layout (the release is CSV); the JSON bundle or --csv it is.
  if (kind === "notes" && a.jsonl) throw new UsageError("--jsonl is only available for --kind ehr (use --csv for notes)");
  if (a.fhir && (kind !== "ehr" || a.jsonl)) throw new UsageError("--format fhir is only available for --kind ehr, without --jsonl");
  return {
    kind,
    size: a.size ?? "demo",
    seed: a.seed ?? "clinaudit",
    language: a.language ?? "en",
    out: a.out,
    jsonl: a.jsonl,
    csv: a.csv,
    patients: a.patients,
    flawRate: a.flawRate,
    ...(a.fhir ? { fhir: a.fhir } : {}),
  };
}
