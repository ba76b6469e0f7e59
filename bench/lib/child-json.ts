// The benchmark scripts run as child processes with --json print one JSON object as the last
// line of stdout; everything before it is their human-readable log.
import { z } from "zod";

/** The last non-empty stdout line of `script`, parsed and checked against `schema`. */
export function parseLastJsonLine<S extends z.ZodType>(script: string, stdout: string, schema: S): z.output<S> {
  const last = stdout.trimEnd().split("\n").at(-1)?.trim() ?? "";
  if (!last.startsWith("{"))
    throw new Error(`${script} --json: the last stdout line is not a JSON object: ${JSON.stringify(last.slice(0, 120))}`);
  let value: unknown;
  try {
    value = JSON.parse(last);
  } catch (error) {
    throw new Error(`${script} --json: the last stdout line is not valid JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${script} --json: field "${issue.path.join(".") || "(root)"}": ${issue.message}`);
  }
  return parsed.data;
}

const run = z.object({ wallMs: z.number().positive(), peakRssMb: z.number().positive() });

/** bench/import.ts --json (medians over its runs). */
export const importResultSchema = z.object({
  rows: z.number().int().positive(),
  baseline: run,
  import: run,
  ratio: z.number().positive(),
  layout: z.enum(["jsonl", "bundle"]).default("jsonl"),
});
export type ImportResult = z.output<typeof importResultSchema>;

/** bench/fhir-import.ts --json. */
const fhirRun = z.object({ wallMs: z.number().positive(), peakRssMb: z.number().positive() });
export const fhirImportResultSchema = z.object({
  rows: z.number().int().positive(),
  jsonl: fhirRun,
  fhir: fhirRun.extend({ compileMs: z.number() }),
  ratio: z.number().positive(),
  inputMb: z.object({ jsonl: z.number(), fhir: z.number() }),
  /** How each layout was imported: "in-process", or the import thread's heap cap in MB. */
  mode: z.union([z.literal("in-process"), z.object({ threadHeapMb: z.number().int().positive(), queue: z.boolean() })]).optional(),
});
export type FhirImportResult = z.output<typeof fhirImportResultSchema>;

const positiveMs = z.number().positive();

/** bench/agreement.ts --json. */
export const agreementResultSchema = z.object({
  sizes: z
    .array(
      z.object({
        items: z.number().int(),
        raters: z.number().int(),
        ratings: z.number().int(),
        runs: z.number().int(),
        reportMs: positiveMs,
        baselineMs: positiveMs,
      }),
    )
    .min(1),
  /** AC1 + SE + CI alone; irrCAC timed in the same run when R has it, else its recorded figure. */
  ac1: z
    .object({
      items: z.number().int(),
      raters: z.number().int(),
      runs: z.number().int(),
      ac1Ms: positiveMs,
      irrcacMs: positiveMs.nullable(),
      irrcacRecordedMs: positiveMs,
      irrcacMissing: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type AgreementResult = z.output<typeof agreementResultSchema>;

/** bench/bootstrap.ts --json. */
export const bootstrapResultSchema = z.object({
  cases: z.number().int(),
  patients: z.number().int(),
  replicates: z.number().int(),
  runs: z.number().int(),
  pairs: z.number().int(),
  /** One bootstrap, engine 2 (spec v2 draws, packed sums). */
  sharedMs: positiveMs,
  /** One bootstrap, engine 1 (spec v1, its own draws). */
  engine1Ms: positiveMs,
  /** The whole report, engine 2. */
  reportMs: positiveMs,
  reportEngine1Ms: positiveMs.nullable(),
  /** NumPy beside it in the same run; null (with the reason) when python3 has no NumPy. */
  numpy: z.object({ version: z.string(), oneMs: positiveMs, reportMs: positiveMs }).nullable(),
  numpyMissing: z.string().nullable(),
  repeatable: z.boolean(),
});
export type BootstrapResult = z.output<typeof bootstrapResultSchema>;
