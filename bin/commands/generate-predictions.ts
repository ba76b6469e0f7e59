/**
 * `clinaudit generate --kind predictions --dataset <file>… --out DIR [--seed S]`: synthetic
 * predictions of three fictional models on every input scope for a benchmark's files
 * (deterministic by seed), written to DIR/predictions.csv, ready for the Evaluations page
 * or `clinaudit evaluate`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import fs from "node:fs";
import path from "node:path";
import { evalDatasetFromFiles } from "@/lib/evaluation/eval-dataset";
import { syntheticPredictionsCsv } from "@/lib/synth/predictions";
import { locatedIssue } from "./located";

interface Io {
  stdout(s: string): void;
  stderr(s: string): void;
}

export const GENERATE_PREDICTIONS_USAGE = `Usage: clinaudit generate --kind predictions --dataset <file>… --out DIR [--seed S]

  --dataset FILE…   the benchmark files (as for clinaudit import)
  --seed S          seed; the same seed gives the same file (default "clinaudit")
  --out DIR         output folder (created if missing); writes predictions.csv
`;

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): { dataset: string[]; seed: string; out: string } {
  const dataset: string[] = [];
  let seed = "clinaudit";
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === "--kind") value();
    else if (arg === "--seed") seed = value();
    else if (arg === "--out") out = value();
    else if (arg === "--dataset") {
      while (argv[i + 1] !== undefined && !(argv[i + 1] as string).startsWith("--")) dataset.push(argv[++i] as string);
    } else throw new UsageError(`unknown option "${arg}"`);
  }
  if (dataset.length === 0) throw new UsageError("--dataset needs the benchmark file(s)");
  if (!out) throw new UsageError("--out DIR is required");
  return { dataset, seed, out };
}

export async function runGeneratePredictions(argv: string[], io: Io): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout(GENERATE_PREDICTIONS_USAGE);
    return 0;
  }
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`clinaudit generate: ${e.message}\n\n${GENERATE_PREDICTIONS_USAGE}`);
    return 2;
  }
  const missing = args.dataset.find((f) => !fs.existsSync(f));
  if (missing) {
    io.stderr(`clinaudit generate: ${missing}: no such file\n`);
    return 2;
  }
  const loaded = await evalDatasetFromFiles(
    args.dataset.map((f) => ({
      name: path.basename(f),
      open: () => fs.createReadStream(f, { encoding: "utf8", highWaterMark: 1 << 20 }) as AsyncIterable<string>,
    })),
  );
  if (!loaded.ok) {
    for (const i of loaded.issues) io.stderr(`${locatedIssue(i)}\n`);
    io.stderr(`clinaudit generate: the dataset is invalid (${loaded.total} problem(s)).\n`);
    return 2;
  }
  const csv = syntheticPredictionsCsv(loaded.dataset, { seed: args.seed });
  mkdirSync(args.out, { recursive: true });
  const file = path.join(args.out, "predictions.csv");
  writeFileSync(file, csv);
  io.stdout(
    `Generated ${csv.split("\n").length - 2} synthetic predictions (seed "${args.seed}") for ${loaded.dataset.items.length} items in ${file}\n`,
  );
  return 0;
}
