/**
 * `clinaudit agreement <ratings>`: the agreement report of a ratings file — long CSV, wide CSV (one
 * column per rater: REDCap, irrCAC, our package's ratings-wide-*.csv) or a Label Studio JSON export —
 * as text or JSON. All I/O goes through `io` so tests run it in memory; the exit code is returned,
 * never passed to process.exit. Input errors exit 2 with a located message and nothing on stdout, so
 * a script piping --json never reads half a report.
 */
import { analyseRatings, type RatingsAnalysis, RatingsOptionError } from "../../lib/agreement/files/analyse";
import { RatingsFileError, ratingsText } from "../../lib/agreement/files/messages";
import { latentClassModel } from "../../lib/agreement/latent-class";
import { noteInEnglish } from "../../lib/agreement/notes";
import type { DimensionReportInput } from "../../lib/agreement/report";
import { formatAgreementReport } from "../../lib/agreement/report-text";
import { type Args, parseArgs, UsageError } from "./agreement-args";
import { errorRateBounds, formatErrorRateBounds } from "./agreement-bound";
import { packageRubric } from "./agreement-rubric";

export interface AgreementIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readFile: (path: string) => Promise<string>;
}

export const AGREEMENT_USAGE = `Usage: clinaudit agreement <ratings file> [options]

Agreement statistics of ratings, in the layout detected (or given with --layout):
  long          a CSV with the header item,rater,category and an optional dimension column (one
                report per dimension); the package's ratings-long.csv
  wide          a CSV with one column per rater and a row per item: REDCap (record_id, a field per
                rater), irrCAC's raw layout (raters only), the package's ratings-wide-<dim>.csv
  label-studio  Label Studio's JSON export (choices per annotator; dimension = from_name)
CSV separators ",", ";" or tab are detected; quoted fields follow RFC 4180. A package's
ratings-long.csv / ratings-wide-*.csv take the categories and tie categories of the audit.json beside
them, as the dashboard does.

Options:
  --layout L           long, wide or label-studio (default: detected)
  --categories a,b,c   the rubric's declared categories, in order (strongly advised: categories
                       nobody used still change AC1 and Brennan-Prediger); per dimension, repeat
                       it as dim=a,b,c
  --population N       benchmark size, for the finite-population correction of standard errors
  --tie-category X     label of items without a strict majority (default: the package rubric's,
                       else "uncertain" if declared); per dimension, repeat it as dim=X
  --confidence 0.95    confidence level of the intervals
  --weights W          unweighted (default), linear or quadratic
  --error-category X   also print the exact one-sided upper bound on the benchmark-wide error rate
                       from the items whose majority label is X (Clopper-Pearson; hypergeometric
                       with --population); X applies to every dimension that has it, or give
                       pairs: gold=incorrect,question=unreasonable
  --json               print the report as JSON (keys documented in lib/agreement/README.md), with
                       latentClass: the Dawid-Skene fit per dimension (prior, each rater's
                       confusion matrix, each item's posterior, iterations, log-likelihood)
  -h, --help           show this help
`;

/** The Dawid–Skene fit of each dimension on its declared categories (null: nothing rated). */
function latentClassFits(inputs: readonly DimensionReportInput[]) {
  return inputs.map((i) => ({ dimension: i.dimension, fit: latentClassModel(i.ratings, i.categories)?.fit ?? null }));
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
  try {
    const pkg = args.categories.all === null ? await packageRubric(args.file, io.readFile) : null;
    let analysis: RatingsAnalysis;
    try {
      analysis = analyseRatings(text, args.file, { ...args, rubric: pkg });
    } catch (e) {
      throw e instanceof RatingsOptionError ? new UsageError(e.message) : e;
    }
    const { report, inputs, layout } = analysis;
    const notes = analysis.notes.map(ratingsText);
    const warnings = analysis.warnings.map(ratingsText);
    let bounds = null;
    if (args.errorCategory) {
      try {
        bounds = errorRateBounds(report, args.errorCategory);
      } catch (e) {
        throw new UsageError(e instanceof Error ? e.message : String(e));
      }
    }
    // The bounds and the input are keys of their own after the report's, so the report's keys stay
    // the contract that the dashboard's JSON export embeds byte for byte.
    const about = notes.length > 0 || warnings.length > 0 || layout !== "long" ? { layout, notes, warnings } : null;
    const output = args.json
      ? JSON.stringify(
          {
            ...report,
            ...(bounds ? { errorRateBounds: bounds } : {}),
            latentClass: latentClassFits(inputs),
            ...(about ? { input: about } : {}),
          },
          noteInEnglish,
          2,
        ) + "\n"
      : formatAgreementReport(report) + (bounds ? "\n" + formatErrorRateBounds(bounds) : "");
    for (const n of notes) io.stderr(`note: ${n}\n`);
    for (const w of warnings) io.stderr(w + "\n");
    io.stdout(output);
    return 0;
  } catch (e) {
    if (e instanceof RatingsFileError) {
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
