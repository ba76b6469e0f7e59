/**
 * `clinaudit evaluate`: the model-evaluation report of a prediction file on benchmark files,
 * read directly (no database), with the same parsers, statistics and exports as the results
 * page: for the same files and options the output is byte for byte the page's download.
 * Input problems exit 2 with located messages and nothing on stdout.
 */
import fs from "node:fs";
import path from "node:path";
import { evalDatasetFromFiles } from "../../lib/evaluation/eval-dataset";
import { EvaluationInputError } from "../../lib/evaluation/errors";
import { evaluationCsv } from "../../lib/evaluation/export-csv";
import { evaluationJson } from "../../lib/evaluation/export-json";
import { evaluationLatex } from "../../lib/evaluation/export-latex";
import { evaluationText } from "../../lib/evaluation/export-text";
import { parsePredictions, predictionsChecksum } from "../../lib/evaluation/predictions";
import { DEFAULT_REPLY_SCOPE, replySource, type ReplyFileOptions } from "../../lib/evaluation/reply-files";
import { buildEvaluationReport } from "../../lib/evaluation/report";
import type { EvaluationOptions, EvaluationReport } from "../../lib/evaluation/report-types";
import type { FormatIssue } from "../../lib/formats/issues";
import { locatedIssue } from "./located";

export const EVALUATE_USAGE = `Usage: clinaudit evaluate --dataset <file>… --predictions <file> [options]

Accuracy of model predictions on a benchmark, per model and input scope, with
patient-clustered percentile bootstrap confidence intervals, paired comparisons against a
baseline scope, DP1 vs DP2+, and breakdowns (see lib/evaluation/README.md).

  --dataset FILE…      the benchmark files, as imported (the checksum includes the file
                       names: keep them as uploaded to reproduce the page's export)
  --predictions FILE   CSV or JSONL: model, scope, item_id (conversations: + turn), prediction;
                       or a benchmark's own reply file: EHRNote-ChatQA answers_<model>.csv,
                       EHRNoteQA output CSV (letters read from the raw replies)
  --model NAME         reply files: the model's name (default: from answers_<model>.csv, or
                       the EHRNoteQA model column, which NAME then chooses)
  --scope NAME         reply files: the input scope (default "${DEFAULT_REPLY_SCOPE}")
  --baseline SCOPE     scope the others are compared with (default: the first in the file)
  --b N                bootstrap replicates (default 10000)
  --level L            confidence level (default 0.95)
  --seed S             mixed into the report's seed (default: none)
  --engine 1|2         2 (default): one set of patient draws shared by every statistic
                       (PRNG spec v2); 1: every statistic its own draws (PRNG spec v1),
                       to reproduce a report made before engine 2
  --format F           json (default), csv, latex or text
`;

const FORMATS = { json: evaluationJson, csv: evaluationCsv, latex: evaluationLatex, text: evaluationText } as const;
type Format = keyof typeof FORMATS;

interface Args {
  dataset: string[];
  predictions: string;
  format: Format;
  options: EvaluationOptions;
  replies: ReplyFileOptions;
}

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): Args | "help" {
  const dataset: string[] = [];
  const single = new Map<string, string>();
  let current: string | null = null;
  for (const arg of argv) {
    if (arg === "-h" || arg === "--help") return "help";
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq >= 0 ? arg.slice(0, eq) : arg;
      if (
        !["--dataset", "--predictions", "--baseline", "--b", "--level", "--seed", "--format", "--model", "--scope", "--engine"].includes(
          name,
        )
      )
        throw new UsageError(`unknown option ${name}`);
      if (name !== "--dataset" && single.has(name)) throw new UsageError(`${name} given twice`);
      current = name;
      if (eq >= 0) take(arg.slice(eq + 1));
      continue;
    }
    take(arg);
  }
  function take(value: string) {
    if (current === "--dataset") dataset.push(value);
    else if (current && !single.has(current)) {
      single.set(current, value);
      current = null;
    } else throw new UsageError(`unexpected argument "${value}"`);
  }
  const predictions = single.get("--predictions");
  if (dataset.length === 0) throw new UsageError("--dataset needs the benchmark file(s)");
  if (!predictions) throw new UsageError("--predictions needs a file");
  const format = single.get("--format") ?? "json";
  if (!(format in FORMATS)) throw new UsageError(`--format must be json, csv, latex or text, got "${format}"`);
  const options: EvaluationOptions = {};
  const b = single.get("--b");
  if (b !== undefined) {
    if (!/^\d+$/.test(b)) throw new UsageError(`--b must be a whole number, got "${b}"`);
    options.replicates = Number(b);
  }
  const level = single.get("--level");
  if (level !== undefined) {
    if (!/^0?\.\d+$/.test(level)) throw new UsageError(`--level must be a number between 0 and 1, got "${level}"`);
    options.level = Number(level);
  }
  if (single.has("--baseline")) options.baseline = single.get("--baseline");
  if (single.has("--seed")) options.seed = single.get("--seed");
  const engine = single.get("--engine");
  if (engine !== undefined) {
    if (engine !== "1" && engine !== "2") throw new UsageError(`--engine must be 1 or 2, got "${engine}"`);
    options.engine = Number(engine) as 1 | 2;
  }
  const replies: ReplyFileOptions = {};
  if (single.has("--model")) replies.model = single.get("--model");
  if (single.has("--scope")) replies.scope = single.get("--scope");
  return { dataset, predictions, format: format as Format, options, replies };
}

interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

function reportIssues(io: Io, what: string, issues: FormatIssue[], total: number): number {
  for (const i of issues) io.stderr(`${locatedIssue(i)}\n`);
  if (total > issues.length) io.stderr(`… and ${total - issues.length} more\n`);
  io.stderr(`clinaudit evaluate: ${what}: ${total} problem(s).\n`);
  return 2;
}

async function evaluate(args: Args, io: Io): Promise<EvaluationReport | number> {
  for (const f of [...args.dataset, args.predictions]) {
    if (!fs.existsSync(f)) throw new UsageError(`${f}: no such file`);
  }
  const files = args.dataset.map((f) => ({
    name: path.basename(f),
    open: () => fs.createReadStream(f, { encoding: "utf8", highWaterMark: 1 << 20 }) as AsyncIterable<string>,
  }));
  const loaded = await evalDatasetFromFiles(files);
  if (!loaded.ok) return reportIssues(io, "the dataset is invalid", loaded.issues, loaded.total);
  const bytes = fs.readFileSync(args.predictions);
  const name = path.basename(args.predictions);
  const parsed = await parsePredictions({ name, chunks: [bytes.toString("utf8")] }, loaded.dataset, args.replies);
  if (!parsed.ok) return reportIssues(io, "the predictions are invalid", parsed.issues, parsed.total);
  const { models, scopes, rows, format } = parsed.predictions;
  const replies = replySource(format, name, models);
  return buildEvaluationReport(
    loaded.dataset,
    { checksum: predictionsChecksum(bytes), models, scopes, rows, ...(replies && { replies }) },
    args.options,
  );
}

/** Exit codes: 0 success (also --help), 2 usage or input error, 1 unexpected failure. */
export async function runEvaluate(argv: string[], io: Io): Promise<number> {
  let args: Args | "help";
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`clinaudit evaluate: ${e.message}\n\n${EVALUATE_USAGE}`);
    return 2;
  }
  if (args === "help") {
    io.stdout(EVALUATE_USAGE);
    return 0;
  }
  try {
    const report = await evaluate(args, io);
    if (typeof report === "number") return report;
    io.stdout(FORMATS[args.format](report));
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof EvaluationInputError) {
      io.stderr(`clinaudit evaluate: ${e.message}\n`);
      return 2;
    }
    io.stderr(`clinaudit evaluate: unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
