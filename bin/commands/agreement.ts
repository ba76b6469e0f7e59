/**
 * `clinaudit agreement <ratings.csv>`: the agreement report of a long-format ratings file, as text
 * or JSON. All I/O goes through `io` so tests run it in memory; the exit code is returned, never
 * passed to process.exit. Input errors exit 2 with a located message and nothing on stdout, so a
 * script piping --json never reads half a report.
 */
import { buildAgreementReport, type DimensionReportInput } from "../../lib/agreement/report";
import { formatAgreementReport } from "../../lib/agreement/report-text";
import type { WeightKind } from "../../lib/agreement/types";
import { errorRateBounds, formatErrorRateBounds, parseErrorCategory, type ErrorCategorySpec } from "./agreement-bound";
import { CsvLineError, parseCsv, parseRatingsCsv, type RatingRow } from "./csv-ratings";

export interface AgreementIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readFile: (path: string) => Promise<string>;
}

export const AGREEMENT_USAGE = `Usage: clinaudit agreement <ratings.csv> [options]

Agreement statistics of long-format ratings: a CSV with the header item,rater,category and an
optional dimension column (one report per dimension). Quoted fields follow RFC 4180.

Options:
  --categories a,b,c   the rubric's declared categories, in order (strongly advised: categories
                       nobody used still change AC1 and Brennan-Prediger)
  --population N       benchmark size, for the finite-population correction of standard errors
  --tie-category X     label of items without a strict majority (default: "uncertain" if declared)
  --confidence 0.95    confidence level of the intervals
  --weights W          unweighted (default), linear or quadratic
  --error-category X   also print the exact one-sided upper bound on the benchmark-wide error rate
                       from the items whose majority label is X (Clopper-Pearson; hypergeometric
                       with --population); X applies to every dimension that has it, or give
                       pairs: gold=incorrect,question=unreasonable
  --json               print the report as JSON (keys documented in lib/agreement/README.md)
  -h, --help           show this help
`;

interface Args {
  file: string;
  categories: string[] | null;
  population: number | null;
  tieCategory: string | null;
  confidence: number;
  weights: WeightKind;
  errorCategory: ErrorCategorySpec | null;
  json: boolean;
}

class UsageError extends Error {}

const VALUE_OPTIONS = ["--categories", "--population", "--tie-category", "--confidence", "--weights", "--error-category"];

function parseArgs(argv: readonly string[]): Args | "help" {
  const values = new Map<string, string>();
  const positional: string[] = [];
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "-h" || arg === "--help") return "help";
    if (arg === "--json") {
      json = true;
      continue;
    }
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("-") && arg !== "-") {
      const eq = arg.indexOf("=");
      const name = eq >= 0 ? arg.slice(0, eq) : arg;
      if (!VALUE_OPTIONS.includes(name)) throw new UsageError(`unknown option ${name}`);
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      if (values.has(name)) throw new UsageError(`${name} given twice`);
      values.set(name, value);
      continue;
    }
    positional.push(arg);
  }
  if (positional.length === 0) throw new UsageError("missing the ratings CSV file");
  if (positional.length > 1) throw new UsageError(`one ratings file expected, got ${positional.length}`);
  return {
    file: positional[0] ?? "",
    categories: values.has("--categories") ? parseCategories(values.get("--categories") ?? "") : null,
    population: values.has("--population") ? parsePopulation(values.get("--population") ?? "") : null,
    tieCategory: values.get("--tie-category")?.trim() ?? null,
    confidence: values.has("--confidence") ? parseConfidence(values.get("--confidence") ?? "") : 0.95,
    weights: parseWeights(values.get("--weights") ?? "unweighted"),
    errorCategory: values.has("--error-category") ? errorCategoryOption(values.get("--error-category") ?? "") : null,
    json,
  };
}

/** The list is itself one CSV record, so a label holding a comma can be quoted. */
function parseCategories(raw: string): string[] {
  let fields: string[];
  try {
    fields = parseCsv(raw)[0]?.fields ?? [];
  } catch (e) {
    throw new UsageError(`--categories: ${e instanceof Error ? e.message : String(e)}`);
  }
  const list = fields.map((c) => c.trim());
  if (list.length === 0 || list.some((c) => c === "")) throw new UsageError("--categories: empty category name");
  const dup = list.find((c, i) => list.indexOf(c) !== i);
  if (dup !== undefined) throw new UsageError(`--categories: "${dup}" listed twice`);
  return list;
}

function parsePopulation(raw: string): number {
  const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--population "${raw}": must be a whole number of items, at least 1`);
  return n;
}

function parseConfidence(raw: string): number {
  const c = /^\s*(0?\.\d+)\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(c > 0 && c < 1)) throw new UsageError(`--confidence "${raw}": must be a number between 0 and 1, e.g. 0.95`);
  return c;
}

function errorCategoryOption(raw: string): ErrorCategorySpec {
  try {
    return parseErrorCategory(raw);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

function parseWeights(raw: string): WeightKind {
  if (raw === "unweighted" || raw === "linear" || raw === "quadratic") return raw;
  throw new UsageError(`--weights "${raw}": must be unweighted, linear or quadratic`);
}

/** Rows grouped by dimension, in order of first appearance. */
function byDimension(rows: readonly RatingRow[]): Map<string | null, RatingRow[]> {
  const groups = new Map<string | null, RatingRow[]>();
  for (const row of rows) {
    const group = groups.get(row.dimension);
    if (group) group.push(row);
    else groups.set(row.dimension, [row]);
  }
  return groups;
}

function observedCategories(rows: readonly RatingRow[]): string[] {
  return [...new Set(rows.map((r) => r.category))];
}

/** Builds the per-dimension inputs; a population smaller than a dimension's sample is a usage error. */
function dimensionInputs(args: Args, rows: readonly RatingRow[], warn: (s: string) => void): DimensionReportInput[] {
  const inputs: DimensionReportInput[] = [];
  for (const [dimension, group] of byDimension(rows)) {
    const categories = args.categories ?? observedCategories(group);
    // An explicit tie category is a rubric category even when nobody happened to choose it.
    if (args.tieCategory !== null && !categories.includes(args.tieCategory)) {
      if (args.categories) throw new UsageError(`--tie-category "${args.tieCategory}" is not among --categories`);
      categories.push(args.tieCategory);
    }
    const tieCategory = args.tieCategory ?? categories.find((c) => c.toLowerCase() === "uncertain") ?? null;
    const items = new Set(group.map((r) => r.item)).size;
    if (args.population !== null && args.population < items) {
      const where = dimension === null ? "" : ` of dimension "${dimension}"`;
      throw new UsageError(`--population ${args.population}: smaller than the ${items} items rated${where}`);
    }
    if (!args.categories) {
      const where = dimension === null ? "" : ` for dimension "${dimension}"`;
      warn(
        `warning: no --categories given; using the categories observed${where}: ${categories.join(", ")}. ` +
          `Pass the rubric's declared categories: unused categories change AC1 and Brennan-Prediger.`,
      );
    }
    inputs.push({
      dimension,
      ratings: group,
      categories,
      categoriesDeclared: args.categories !== null,
      tieCategory,
      weights: args.weights,
      populationSize: args.population ?? Infinity,
      confidenceLevel: args.confidence,
    });
  }
  return inputs;
}

/**
 * Runs the command. `argv` holds the arguments after `agreement`. Exit codes: 0 success (also for
 * --help), 2 usage or input error, 1 unexpected failure.
 */
export async function runAgreement(argv: string[], io: AgreementIo): Promise<number> {
  let args: Args | "help";
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`clinaudit agreement: ${e.message}\n\n${AGREEMENT_USAGE}`);
    return 2;
  }
  if (args === "help") {
    io.stdout(AGREEMENT_USAGE);
    return 0;
  }
  let text: string;
  try {
    text = await io.readFile(args.file);
  } catch (e) {
    io.stderr(`clinaudit agreement: cannot read ${args.file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  const warnings: string[] = [];
  try {
    const { rows } = parseRatingsCsv(text, args.categories ?? undefined);
    if (rows.length === 0) throw new CsvLineError(1, null, "no ratings below the header");
    const inputs = dimensionInputs(args, rows, (w) => warnings.push(w));
    const report = buildAgreementReport(inputs);
    let bounds = null;
    if (args.errorCategory) {
      try {
        bounds = errorRateBounds(report, args.errorCategory);
      } catch (e) {
        throw new UsageError(e instanceof Error ? e.message : String(e));
      }
    }
    // The bounds are a key of their own after the report's, so the report's keys stay the
    // contract that the dashboard's JSON export embeds byte for byte.
    const output = args.json
      ? JSON.stringify(bounds ? { ...report, errorRateBounds: bounds } : report, null, 2) + "\n"
      : formatAgreementReport(report) + (bounds ? "\n" + formatErrorRateBounds(bounds) : "");
    for (const w of warnings) io.stderr(w + "\n");
    io.stdout(output);
    return 0;
  } catch (e) {
    if (e instanceof CsvLineError) {
      io.stderr(e.located(args.file) + "\n");
      return 2;
    }
    if (e instanceof UsageError) {
      io.stderr(`clinaudit agreement: ${e.message}\n`);
      return 2;
    }
    io.stderr(`clinaudit agreement: unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
